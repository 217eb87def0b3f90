/**
 * Issue #6 benchmark: folksonomy tag reads `GET /folksonomy/product/{code}` at 32 connections against
 * a bare node:http ceiling returning the same bytes (same run), then logins per second through
 * `POST /folksonomy/auth` with the production scrypt cost (N=2^15, r=8, p=3): with every password
 * hashed (credential cache off) and with the credential cache on.
 *   npm run bench:folksonomy      (PRODUCTS=10000 TAGS=5 ROUNDS=3 DURATION=5 by default)
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hashPassword } from "../src/accounts/passwords.js";
import { SqliteStore } from "../src/store/sqlite/index.js";
import { type Load, type LoadOptions, load as runLoad } from "./lib/load.js";
import { spawnUntil } from "./lib/processes.js";
import { seededRandom } from "./lib/random.js";

const PRODUCTS = Number(process.env.PRODUCTS ?? 10_000);
const TAGS = Number(process.env.TAGS ?? 5);
const DURATION = Number(process.env.DURATION ?? 5);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const LOGIN_DURATION = 10;
const CONNECTIONS = 32;
const LOGIN_CONNECTIONS = 16;
/** Logins rotate over several accounts: logins of one user name are handled one at a time. */
const LOGIN_USERS = 8;
const KEYS = ["color", "packaging:material", "origin", "organic", "allergen_free", "shape", "taste", "note"];
const VALUES = ["red", "glass", "France", "yes", "gluten", "round", "sweet", "good", "blue", "cardboard"];

async function populate(dbPath: string): Promise<string[]> {
  const store = new SqliteStore(dbPath);
  const started = performance.now();
  for (let u = 0; u < LOGIN_USERS; u++) {
    // The production cost: hashPassword's defaults.
    await store.addUser({
      userId: `bench${u}`,
      email: "",
      name: "Bench",
      passwordHash: await hashPassword(`bench-password-${u}`),
    });
  }
  const rnd = seededRandom(42);
  const codes: string[] = [];
  const insert = store.db.prepare(
    `INSERT INTO folksonomy_tags (product, owner, k, v, version, editor, last_edit, comment)
     VALUES (?, '', ?, ?, 1, 'bench0', ?, '')`,
  );
  store.db.transaction(() => {
    for (let i = 0; i < PRODUCTS; i++) {
      const code = String(3_000_000_000_000 + i * 7);
      codes.push(code);
      for (let t = 0; t < TAGS; t++) {
        const v = VALUES[Math.floor(rnd() * VALUES.length)] as string;
        insert.run(code, KEYS[t % KEYS.length], v, `2025-03-01T10:${String(t).padStart(2, "0")}:30.123`);
      }
    }
  })();
  await store.close();
  console.log(
    `populated ${PRODUCTS} products x ${TAGS} tags, ${LOGIN_USERS} accounts in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return codes;
}

/** The shared load runner with this benchmark's connections and duration as defaults. */
function load(url: string, paths: string[], options: Partial<LoadOptions> = {}) {
  return runLoad(url, paths, { connections: CONNECTIONS, duration: DURATION, ...options });
}

function serve(dbPath: string, env: NodeJS.ProcessEnv = {}) {
  return spawnUntil(
    process.execPath,
    ["--import", "tsx", "src/cli/main.ts", "serve", "--port", "0"],
    /listening on (http:\/\/\S+)/,
    { DATABASE_URL: dbPath, LOG_LEVEL: "silent", ...env },
  );
}

const loginBody = (i: number): string => {
  const u = i % LOGIN_USERS;
  return new URLSearchParams({ username: `bench${u}`, password: `bench-password-${u}` }).toString();
};

function report(label: string, r: Load): string {
  return `${label}${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, errors ${r.errors}, non-2xx ${r.non2xx}`;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "foodbase-bench-folksonomy-"));
  const dbPath = join(dir, "bench.db");
  try {
    const codes = await populate(dbPath);
    const { child: foodbase, match } = await serve(dbPath);
    const base = match[1] as string;
    try {
      const rnd = seededRandom(7);
      const paths: string[] = [];
      const bodies: Record<string, string> = {};
      for (let k = 0; k < 2000; k++) {
        const path = `/folksonomy/product/${codes[Math.floor(rnd() * codes.length)]}`;
        paths.push(path);
        bodies[path] = await (await fetch(`${base}${path}`)).text();
      }
      const bodiesFile = join(dir, "bodies.json");
      writeFileSync(bodiesFile, JSON.stringify(bodies));
      const avgBytes = Object.values(bodies).reduce((s, b) => s + Buffer.byteLength(b), 0) / Object.keys(bodies).length;
      const { child: ceiling, match: cm } = await spawnUntil(
        process.execPath,
        ["--import", "tsx", "bench/lib/ceiling.ts", bodiesFile],
        /listening (\d+)/,
      );
      try {
        const ceilingUrl = `http://127.0.0.1:${cm[1]}`;
        await load(ceilingUrl, paths, { duration: 3 }); // warm-up
        await load(base, paths, { duration: 3 }); // warm-up
        // Alternate ceiling and foodbase, so that a burst of load elsewhere on the machine hits both.
        const ratios: number[] = [];
        console.log(
          `\ntag reads GET /folksonomy/product/{code}, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s, ${avgBytes.toFixed(0)} bytes/answer`,
        );
        for (let round = 1; round <= ROUNDS; round++) {
          const ceil = await load(ceilingUrl, paths);
          const reads = await load(base, paths);
          ratios.push(reads.rps / ceil.rps);
          console.log(report(`  round ${round} ceiling (bare node:http): `, ceil));
          console.log(report(`  round ${round} foodbase:                 `, reads));
        }
        const sorted = [...ratios].sort((a, b) => a - b);
        console.log(
          `  ratio foodbase/ceiling: ${ratios.map((r) => r.toFixed(2)).join(", ")}; median ${(sorted[Math.floor(sorted.length / 2)] as number).toFixed(2)} (target >= 0.5)`,
        );
      } finally {
        await ceiling.stop();
      }

      const warm = await load(base, ["/folksonomy/auth"], {
        body: loginBody,
        connections: LOGIN_CONNECTIONS,
        duration: LOGIN_DURATION,
      });
      console.log(
        `\nlogins POST /folksonomy/auth, ${LOGIN_CONNECTIONS} connections, ${LOGIN_DURATION} s, ${LOGIN_USERS} accounts, scrypt N=2^15 r=8 p=3`,
      );
      console.log(report("  credential cache on (a pair is hashed once per 300 s): ", warm));
    } finally {
      await foodbase.stop();
    }

    // Every login hashes its password: the cost an attacker's guesses and first logins pay.
    const { child: cold, match: coldMatch } = await serve(dbPath, { FOODBASE_CREDENTIAL_CACHE_TTL: "0" });
    try {
      const coldBase = coldMatch[1] as string;
      const hashed = await load(coldBase, ["/folksonomy/auth"], {
        body: loginBody,
        connections: LOGIN_CONNECTIONS,
        duration: LOGIN_DURATION,
      });
      console.log(report("  credential cache off (every login hashed):            ", hashed));
    } finally {
      await cold.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
