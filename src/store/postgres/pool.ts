/**
 * Connection pools of the PostgreSQL store. A `DATABASE_URL` is a libpq-style URL; foodbase adds one
 * parameter of its own, `?schema=NAME`: the store's tables then live in that schema (created by the
 * migrations), which lets several foodbase databases (tests, staging) share one PostgreSQL database.
 */
import pg from "pg";

export interface PostgresLocation {
  /** The URL as node-postgres takes it (without foodbase's own `schema` parameter). */
  connectionString: string;
  /** Schema named by `?schema=`, or undefined for the server's default search path. */
  schema?: string;
  /** Server settings at connection (`-c search_path=…` for a schema, after any `?options=` of the URL). */
  options?: string;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function parsePostgresUrl(url: string): PostgresLocation {
  const parsed = new URL(url);
  const schema = parsed.searchParams.get("schema") ?? undefined;
  if (schema === undefined) return { connectionString: url };
  if (!SCHEMA_NAME.test(schema)) {
    // PostgreSQL would cut a longer name to 63 bytes: another schema than the one named.
    const rule =
      schema.length > 63
        ? `be at most 63 characters (it has ${schema.length})`
        : "be lowercase letters, digits and _ (not starting with a digit)";
    throw new Error(`schema in DATABASE_URL must ${rule}, got "${schema}"`);
  }
  parsed.searchParams.delete("schema");
  const given = parsed.searchParams.get("options");
  parsed.searchParams.delete("options");
  // `public` stays on the path for functions of extensions installed there.
  const searchPath = `-c search_path=${schema},public`;
  return {
    connectionString: parsed.toString(),
    schema,
    options: given === null || given === "" ? searchPath : `${given} ${searchPath}`,
  };
}

/** BIGINT (int8) as a JavaScript number: revision ids and counts stay far below 2^53. */
const INT8_OID = 20;
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === INT8_OID && format !== "binary"
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export interface PoolOptions {
  /** Most connections this pool opens. */
  max: number;
  /** Shown in `pg_stat_activity`. */
  applicationName?: string;
}

export function createPool(location: PostgresLocation, options: PoolOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: location.connectionString,
    max: options.max,
    // A request that cannot get a connection (database down, pool exhausted for long) fails with a 500
    // instead of hanging; keepalive notices connections a failover or a dead network left open.
    connectionTimeoutMillis: 30_000,
    keepAlive: true,
    types,
    application_name: options.applicationName ?? "foodbase",
    ...(location.options === undefined ? {} : { options: location.options }),
  });
  // An idle connection that the server drops (restart, failover) emits an error on the pool; the pool
  // replaces it at the next query, so the process must not crash on it.
  pool.on("error", () => {});
  // So must a connection dropped while checked out (its query fails, and is answered as such): without
  // a listener of its own, node-postgres raises the client's error event and the process died with it.
  pool.on("connect", (client) => client.on("error", () => {}));
  return pool;
}

/** SQLSTATEs after which the whole transaction can simply be run again. */
const RETRYABLE = new Set([
  "40001", // serialization_failure
  "40P01", // deadlock_detected
]);
/** unique_violation: two transactions created the same new row (a new product); the loser retries and finds it. */
const UNIQUE_VIOLATION = "23505";

export interface TransactionOptions {
  isolation?: "READ COMMITTED" | "REPEATABLE READ" | "SERIALIZABLE";
  readOnly?: boolean;
  /** Also retry on unique violations (for work that reads before it inserts). */
  retryUniqueViolation?: boolean;
  /** Runs of `work` at most. */
  attempts?: number;
}

function sqlState(e: unknown): string | undefined {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

/**
 * Runs `work` in one transaction on one pooled connection, committing when it resolves. It is run
 * again (from scratch, so it must not have effects outside the database) after a deadlock or a
 * serialization failure, and on request after a unique violation.
 */
export async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const attempts = options.attempts ?? 10;
  const begin = `BEGIN ISOLATION LEVEL ${options.isolation ?? "READ COMMITTED"}${options.readOnly ? " READ ONLY" : ""}`;
  for (let attempt = 1; ; attempt++) {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await client.query(begin);
      const result = await work(client);
      await client.query("COMMIT");
      return result;
    } catch (e) {
      try {
        await client.query("ROLLBACK");
      } catch (rollbackError) {
        broken = rollbackError as Error;
      }
      const state = sqlState(e);
      const retry =
        state !== undefined &&
        (RETRYABLE.has(state) || (options.retryUniqueViolation === true && state === UNIQUE_VIOLATION));
      if (!retry || attempt >= attempts || broken !== undefined) throw e;
    } finally {
      // A connection that could not even roll back is closed rather than handed to the next caller.
      client.release(broken);
    }
  }
}
