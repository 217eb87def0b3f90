/**
 * Every setting of foodbase in one place. Each setting has an environment variable; the CLI
 * (`foodbase serve --port 9000`) may override it with a flag of the same name. README.md documents
 * this table; a test checks that every variable here is documented there.
 */

import { sqlitePathFromUrl } from "./store/sqlite/path.js";

export type NutriScoreVersion = "2021" | "2023";

export interface Config {
  host: string;
  port: number;
  databaseUrl: string;
  /** PostgreSQL: most connections per process (per pool: primary, and read replica if any). */
  databasePoolSize: number;
  /** PostgreSQL: read replica for search and facets ("" = the primary). */
  databaseReadUrl: string;
  logLevel: string;
  /** Largest accepted request body in bytes (413 beyond). */
  bodyLimit: number;
  /** Optional staging gate (HTTP Basic) in front of every route but /health. */
  stagingUser: string;
  stagingPassword: string;
  stagingRealm: string;
  stagingGateFolksonomy: boolean;
  nutriscoreHeadlineVersion: NutriScoreVersion;
  /** Lifetime of `session` cookies (seconds). */
  sessionLifetime: number;
  /** Lifetime of folksonomy bearer tokens (seconds). */
  tokenLifetime: number;
  /** How long a verified user id + password pair is trusted without re-hashing (seconds). */
  credentialCacheTtl: number;
  /** Memory for rendered product answers, keyed by immutable revision (MiB, 0 = off). */
  readCacheMb: number;
  /** Path prefix of the folksonomy API on the main listener. */
  folksonomyPrefix: string;
  /** When > 0, the folksonomy API also listens on this port of its own. */
  folksonomyPort: number;
  /** Brute-force guard (README "Sign-in limits"): failed password checks per (account, client address) in the window. */
  authFailureLimit: number;
  authFailureWindow: number;
  /** Failed password checks per client address, whatever the accounts, in `authFailureWindow`. */
  authAddressFailureLimit: number;
  /** Failed password checks per account, whatever the addresses, in `authAccountFailureWindow` (slower). */
  authAccountFailureLimit: number;
  authAccountFailureWindow: number;
  /** Base URL used in facet `url` fields; defaults to http://<host>:<port>. */
  publicUrl: string;
  /** Base of the image URLs of answers for photos foodbase holds ("" = this server's `/images/products`). */
  imagesUrl: string;
  /** Base of the image URLs of imported photos foodbase has no file for (IMAGES.md decision 6). */
  importedImagesUrl: string;
  /** Photo uploads, selections and unselections without an account (IMAGES.md decision 2). */
  anonymousImageUploads: boolean;
  /** `foodbase serve`: server processes sharing the port (0 = one per core, 1 = no cluster). */
  workers: number;
  /** `foodbase serve`: on SIGTERM or SIGINT, seconds the requests in flight get before their connections close. */
  shutdownGraceSeconds: number;
  /** Serve Prometheus metrics at `GET /metrics`. */
  metrics: boolean;
  /** When > 0, metrics are served on this port only (not on the public one). */
  metricsPort: number;
  /** Root of the product photo files (OFF's layout under `products/`); "" = `images/` beside the SQLite file. */
  imagesDir: string;
  /** Largest accepted image file in bytes (OFF: 20 MB), apart from `bodyLimit`. */
  imageMaxBytes: number;
  /** Most pixels (width × height) an image may declare; larger ones are refused before decoding. */
  imageMaxPixels: number;
  /** `foodbase sync`: OFF's index of delta files (one file name per line, relative to the index). */
  syncIndexUrl: string;
}

interface SettingSpec<K extends keyof Config> {
  key: K;
  env: string;
  flag: string;
  description: string;
  parse: (raw: string) => Config[K];
  default: Config[K];
}

class ConfigError extends Error {}

export { ConfigError };

function integer(name: string, min: number, max: number) {
  return (raw: string): number => {
    const n = Number(raw);
    if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
      throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
    }
    return n;
  };
}

function boolean(name: string) {
  return (raw: string): boolean => {
    const v = raw.trim().toLowerCase();
    if (["1", "true", "yes", "on"].includes(v)) return true;
    if (["0", "false", "no", "off", ""].includes(v)) return false;
    throw new ConfigError(`${name} must be true or false, got "${raw}"`);
  };
}

const text = (raw: string): string => raw;

/**
 * A SQLite path (or `sqlite:`/`file:` URL) or a `postgres://` URL. Refused: another scheme (it would
 * become a file named like the URL), and a SQLite database that is no file (an empty path or
 * `:memory:`, whose writes would vanish with the process).
 */
function databaseUrl(raw: string): string {
  if (/^postgres(ql)?:\/\//i.test(raw)) return raw;
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(raw)?.[1];
  if (scheme !== undefined && scheme.toLowerCase() !== "sqlite") {
    throw new ConfigError(
      `DATABASE_URL: unsupported scheme "${scheme}://" (a SQLite file path, a sqlite: URL or a postgres:// URL)`,
    );
  }
  const path = sqlitePathFromUrl(raw).trim();
  if (path === "" || path === ":memory:") {
    throw new ConfigError(`DATABASE_URL "${raw}" names no database file: give the SQLite file's path`);
  }
  return raw;
}

function spec<K extends keyof Config>(s: SettingSpec<K>): SettingSpec<K> {
  return s;
}

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

export const SETTINGS = [
  spec({
    key: "host",
    env: "HOST",
    flag: "host",
    description: "Address to listen on",
    parse: text,
    default: "127.0.0.1",
  }),
  spec({
    key: "port",
    env: "PORT",
    flag: "port",
    description: "Port to listen on (0 = any free port)",
    parse: integer("PORT", 0, 65535),
    default: 8080,
  }),
  spec({
    key: "databaseUrl",
    env: "DATABASE_URL",
    flag: "database-url",
    description: "SQLite file path or `sqlite:` URL, or a `postgres://` URL",
    parse: databaseUrl,
    default: "./foodbase.db",
  }),
  spec({
    key: "databasePoolSize",
    env: "DATABASE_POOL_SIZE",
    flag: "database-pool-size",
    description: "PostgreSQL: most connections this process opens (to the primary; as many again to a read replica)",
    parse: integer("DATABASE_POOL_SIZE", 1, 1000),
    default: 10,
  }),
  spec({
    key: "databaseReadUrl",
    env: "DATABASE_READ_URL",
    flag: "database-read-url",
    description: "PostgreSQL: `postgres://` URL of a read replica for search and facets (empty = the primary)",
    parse: (raw) => {
      if (raw !== "" && !/^postgres(ql)?:\/\//i.test(raw)) {
        throw new ConfigError("DATABASE_READ_URL must be a postgres:// URL");
      }
      return raw;
    },
    default: "",
  }),
  spec({
    key: "logLevel",
    env: "LOG_LEVEL",
    flag: "log-level",
    description: `Log level (${LOG_LEVELS.join(", ")})`,
    parse: (raw) => {
      if (!LOG_LEVELS.includes(raw)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}`);
      return raw;
    },
    default: "info",
  }),
  spec({
    key: "bodyLimit",
    env: "FOODBASE_BODY_LIMIT",
    flag: "body-limit",
    description: "Largest request body in bytes",
    parse: integer("FOODBASE_BODY_LIMIT", 1024, 1024 * 1024 * 1024),
    default: 1024 * 1024,
  }),
  spec({
    key: "stagingUser",
    env: "FOODBASE_STAGING_USER",
    flag: "staging-user",
    description: "User name of the optional HTTP Basic staging gate (gate off when empty)",
    parse: text,
    default: "",
  }),
  spec({
    key: "stagingPassword",
    env: "FOODBASE_STAGING_PASSWORD",
    flag: "staging-password",
    description: "Password of the staging gate",
    parse: text,
    default: "",
  }),
  spec({
    key: "stagingRealm",
    env: "FOODBASE_STAGING_REALM",
    flag: "staging-realm",
    description: "Realm of the staging gate",
    // Sent as `realm="…"` in WWW-Authenticate: a quote, backslash or control character would break it.
    parse: (raw) => {
      if (!/^[\x20-\x7e]*$/.test(raw) || /["\\]/.test(raw)) {
        throw new ConfigError(
          `FOODBASE_STAGING_REALM must be printable ASCII without " or \\, got ${JSON.stringify(raw)}`,
        );
      }
      return raw;
    },
    default: "foodbase",
  }),
  spec({
    key: "stagingGateFolksonomy",
    env: "FOODBASE_STAGING_GATE_FOLKSONOMY",
    flag: "staging-gate-folksonomy",
    description: "Also put the folksonomy routes behind the staging gate",
    parse: boolean("FOODBASE_STAGING_GATE_FOLKSONOMY"),
    default: false,
  }),
  spec({
    key: "nutriscoreHeadlineVersion",
    env: "FOODBASE_NUTRISCORE_HEADLINE_VERSION",
    flag: "nutriscore-headline-version",
    description: "Nutri-Score version copied to `nutrition_grades` & co (`2021` or `2023`)",
    parse: (raw): NutriScoreVersion => {
      if (raw !== "2021" && raw !== "2023")
        throw new ConfigError("FOODBASE_NUTRISCORE_HEADLINE_VERSION must be 2021 or 2023");
      return raw;
    },
    default: "2021" as NutriScoreVersion,
  }),
  spec({
    key: "sessionLifetime",
    env: "FOODBASE_SESSION_LIFETIME",
    flag: "session-lifetime",
    description: "Lifetime of session cookies, seconds",
    parse: integer("FOODBASE_SESSION_LIFETIME", 1, 10 * 365 * 86400),
    default: 30 * 86400,
  }),
  spec({
    key: "tokenLifetime",
    env: "FOODBASE_TOKEN_LIFETIME",
    flag: "token-lifetime",
    description: "Lifetime of folksonomy bearer tokens, seconds",
    parse: integer("FOODBASE_TOKEN_LIFETIME", 1, 10 * 365 * 86400),
    default: 30 * 86400,
  }),
  spec({
    key: "credentialCacheTtl",
    env: "FOODBASE_CREDENTIAL_CACHE_TTL",
    flag: "credential-cache-ttl",
    description: "Seconds a verified user id + password is trusted before hashing again (0 = always hash)",
    parse: integer("FOODBASE_CREDENTIAL_CACHE_TTL", 0, 3600),
    default: 300,
  }),
  spec({
    key: "readCacheMb",
    env: "FOODBASE_READ_CACHE_MB",
    flag: "read-cache-mb",
    description: "MiB of rendered product answers kept in memory, keyed by immutable revision (0 = off)",
    parse: integer("FOODBASE_READ_CACHE_MB", 0, 65536),
    default: 128,
  }),
  spec({
    key: "folksonomyPrefix",
    env: "FOODBASE_FOLKSONOMY_PREFIX",
    flag: "folksonomy-prefix",
    description: "Path prefix of the folksonomy API",
    parse: (raw) => {
      if (!/^\/[a-z0-9_-]+$/i.test(raw)) throw new ConfigError("FOODBASE_FOLKSONOMY_PREFIX must look like /folksonomy");
      return raw;
    },
    default: "/folksonomy",
  }),
  spec({
    key: "folksonomyPort",
    env: "FOODBASE_FOLKSONOMY_PORT",
    flag: "folksonomy-port",
    description: "Also serve the folksonomy API at the root of this port (0 = off)",
    parse: integer("FOODBASE_FOLKSONOMY_PORT", 0, 65535),
    default: 0,
  }),
  spec({
    key: "authFailureLimit",
    env: "FOODBASE_AUTH_FAILURE_LIMIT",
    flag: "auth-failure-limit",
    description: "Failed password checks for one account from one client address before 429",
    parse: integer("FOODBASE_AUTH_FAILURE_LIMIT", 1, 1000),
    default: 5,
  }),
  spec({
    key: "authFailureWindow",
    env: "FOODBASE_AUTH_FAILURE_WINDOW",
    flag: "auth-failure-window",
    description: "Window of the per-account-and-address and per-address limits, seconds",
    parse: integer("FOODBASE_AUTH_FAILURE_WINDOW", 1, 86400),
    default: 600,
  }),
  spec({
    key: "authAddressFailureLimit",
    env: "FOODBASE_AUTH_ADDRESS_FAILURE_LIMIT",
    flag: "auth-address-failure-limit",
    description: "Failed password checks from one client address, whatever the accounts, before 429",
    parse: integer("FOODBASE_AUTH_ADDRESS_FAILURE_LIMIT", 1, 100000),
    default: 20,
  }),
  spec({
    key: "authAccountFailureLimit",
    env: "FOODBASE_AUTH_ACCOUNT_FAILURE_LIMIT",
    flag: "auth-account-failure-limit",
    description:
      "Failed password checks for one account, whatever the addresses, before 429 (not to an address without failures)",
    parse: integer("FOODBASE_AUTH_ACCOUNT_FAILURE_LIMIT", 1, 100000),
    default: 50,
  }),
  spec({
    key: "authAccountFailureWindow",
    env: "FOODBASE_AUTH_ACCOUNT_FAILURE_WINDOW",
    flag: "auth-account-failure-window",
    description: "Window of the per-account limit, seconds",
    parse: integer("FOODBASE_AUTH_ACCOUNT_FAILURE_WINDOW", 1, 7 * 86400),
    default: 86400,
  }),
  spec({
    key: "publicUrl",
    env: "FOODBASE_PUBLIC_URL",
    flag: "public-url",
    description: "Public base URL (for links in answers)",
    parse: text,
    default: "",
  }),
  spec({
    key: "imagesUrl",
    env: "FOODBASE_IMAGES_URL",
    flag: "images-url",
    description: "Base of photo URLs in answers, e.g. a CDN (default: this server's /images/products)",
    parse: text,
    default: "",
  }),
  spec({
    key: "importedImagesUrl",
    env: "FOODBASE_IMPORTED_IMAGES_URL",
    flag: "imported-images-url",
    description: "Base of photo URLs of imported products whose files foodbase does not hold",
    parse: text,
    default: "https://images.openfoodfacts.org/images/products",
  }),
  spec({
    key: "anonymousImageUploads",
    env: "FOODBASE_ANONYMOUS_IMAGE_UPLOADS",
    flag: "anonymous-image-uploads",
    description: "Accept photo uploads and selections without an account (as OFF does)",
    parse: boolean("FOODBASE_ANONYMOUS_IMAGE_UPLOADS"),
    default: true,
  }),
  spec({
    key: "workers",
    env: "FOODBASE_WORKERS",
    flag: "workers",
    description: "`foodbase serve`: server processes sharing the port (0 = one per core, 1 = a single process)",
    parse: integer("FOODBASE_WORKERS", 0, 256),
    default: 0,
  }),
  spec({
    key: "shutdownGraceSeconds",
    env: "FOODBASE_SHUTDOWN_GRACE",
    flag: "shutdown-grace",
    description:
      "`foodbase serve`: on SIGTERM or SIGINT, seconds the requests in flight get to finish before their connections are closed",
    parse: integer("FOODBASE_SHUTDOWN_GRACE", 0, 3600),
    default: 30,
  }),
  spec({
    key: "metrics",
    env: "FOODBASE_METRICS",
    flag: "metrics",
    description: "Serve Prometheus metrics at GET /metrics",
    parse: boolean("FOODBASE_METRICS"),
    default: false,
  }),
  spec({
    key: "metricsPort",
    env: "FOODBASE_METRICS_PORT",
    flag: "metrics-port",
    description: "Serve the metrics on this port only, not on the public one (0 = on the public port)",
    parse: integer("FOODBASE_METRICS_PORT", 0, 65535),
    default: 0,
  }),
  spec({
    key: "imagesDir",
    env: "FOODBASE_IMAGES_DIR",
    flag: "images-dir",
    description:
      "Folder of the product photo files, shared by every server process (empty = `images` beside the SQLite file, or `./images` with PostgreSQL)",
    parse: text,
    default: "",
  }),
  spec({
    key: "imageMaxBytes",
    env: "FOODBASE_IMAGE_MAX_BYTES",
    flag: "image-max-bytes",
    description: "Largest image file accepted in bytes (OFF's limit: 20 MB)",
    parse: integer("FOODBASE_IMAGE_MAX_BYTES", 1024, 1024 * 1024 * 1024),
    default: 20 * 1024 * 1024,
  }),
  spec({
    key: "imageMaxPixels",
    env: "FOODBASE_IMAGE_MAX_PIXELS",
    flag: "image-max-pixels",
    description: "Most pixels (width × height) an image may declare; larger ones are refused before decoding",
    parse: integer("FOODBASE_IMAGE_MAX_PIXELS", 1, 1_000_000_000),
    default: 100_000_000,
  }),
  spec({
    key: "syncIndexUrl",
    env: "FOODBASE_SYNC_INDEX_URL",
    flag: "sync-index-url",
    description: "foodbase sync: index of OFF's delta files (http or https)",
    parse: (raw) => {
      let url: URL;
      try {
        url = new URL(raw);
      } catch {
        throw new ConfigError(`FOODBASE_SYNC_INDEX_URL is not a URL: ${raw}`);
      }
      if (url.protocol !== "http:" && url.protocol !== "https:")
        throw new ConfigError("FOODBASE_SYNC_INDEX_URL must be an http or https URL");
      return url.toString();
    },
    default: "https://static.openfoodfacts.org/data/delta/index.txt",
  }),
];

export function defaultConfig(): Config {
  const config = {} as Record<string, unknown>;
  for (const s of SETTINGS) config[s.key] = s.default;
  return config as unknown as Config;
}

/**
 * Builds the configuration: defaults, then environment variables, then flags (camelCase keys as
 * commander gives them, string values), then explicit overrides (tests).
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  flags: Record<string, unknown> = {},
  overrides: Partial<Config> = {},
): Config {
  const config = defaultConfig() as unknown as Record<string, unknown>;
  for (const s of SETTINGS) {
    const fromEnv = env[s.env];
    if (fromEnv !== undefined && fromEnv !== "") config[s.key] = s.parse(fromEnv);
    const flagValue = flags[s.key];
    if (flagValue !== undefined) config[s.key] = s.parse(String(flagValue));
  }
  return { ...(config as unknown as Config), ...overrides };
}
