import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, SETTINGS } from "../src/config.js";

const README = readFileSync(join(import.meta.dirname, "../README.md"), "utf8");

describe("config", () => {
  it("documents every setting in README with its flag and default", () => {
    for (const s of SETTINGS) {
      const row = README.split("\n").find((l) => l.startsWith(`| \`${s.env}\` |`));
      expect(row, s.env).toBeDefined();
      expect(row).toContain(`\`--${s.flag}\``);
      const def = String(s.default);
      if (def !== "") expect(row, s.env).toContain(`\`${def}\``);
    }
  });

  it("reads env vars, lets flags win, and refuses bad values", () => {
    expect(loadConfig({}).port).toBe(8080);
    expect(loadConfig({ PORT: "9000" }).port).toBe(9000);
    expect(loadConfig({ PORT: "9000" }, { port: "9001" }).port).toBe(9001);
    expect(loadConfig({ DATABASE_URL: "/tmp/x.db" }).databaseUrl).toBe("/tmp/x.db");
    expect(() => loadConfig({ PORT: "http" })).toThrow(ConfigError);
    expect(() => loadConfig({ FOODBASE_NUTRISCORE_HEADLINE_VERSION: "2019" })).toThrow(/2021 or 2023/);
    expect(() => loadConfig({ LOG_LEVEL: "loud" })).toThrow(ConfigError);
    expect(loadConfig({ DATABASE_POOL_SIZE: "25" }).databasePoolSize).toBe(25);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: "0" })).toThrow(/DATABASE_POOL_SIZE must be an integer from 1/);
    expect(loadConfig({ DATABASE_READ_URL: "postgres://replica/db" }).databaseReadUrl).toBe("postgres://replica/db");
    expect(() => loadConfig({ DATABASE_READ_URL: "./replica.db" })).toThrow(/DATABASE_READ_URL must be a postgres/);
  });

  it("refuses a database URL that names no file or another database than SQLite and PostgreSQL", () => {
    for (const url of ["./x.db", "sqlite:/tmp/x.db", "sqlite://x.db", "file:x.db", "postgresql://u@h/db"]) {
      expect(loadConfig({}, { databaseUrl: url }).databaseUrl).toBe(url);
    }
    // Writes to these would vanish with the process (better-sqlite3 makes a temporary database).
    for (const url of ["", "sqlite:", "sqlite://", "file:", " ", ":memory:", "sqlite::memory:"]) {
      expect(() => loadConfig({}, { databaseUrl: url }), url).toThrow(/names no database file/);
    }
    // These would become files named like the URL.
    expect(() => loadConfig({ DATABASE_URL: "mysql://user@db.example.org/foodbase" })).toThrow(
      'DATABASE_URL: unsupported scheme "mysql://"',
    );
    expect(() => loadConfig({}, { databaseUrl: "postgress://postgres@127.0.0.1/db" })).toThrow(/"postgress:\/\/"/);
  });

  it("refuses a staging realm that would break the WWW-Authenticate header", () => {
    expect(loadConfig({ FOODBASE_STAGING_REALM: "Staging (team)" }).stagingRealm).toBe("Staging (team)");
    for (const realm of ['a"b', "a\\b", "a\nb", "café"]) {
      expect(() => loadConfig({ FOODBASE_STAGING_REALM: realm }), realm).toThrow(/FOODBASE_STAGING_REALM must be/);
    }
  });
});
