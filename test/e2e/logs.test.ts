import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../src/accounts/passwords.js";
import { loadConfig } from "../../src/config.js";
import { type RunningServer, startServer } from "../../src/server.js";
import { createTestDatabase, type TestDatabase } from "../helpers/store.js";

const lines: string[] = [];
let server: RunningServer;
let database: TestDatabase;

beforeAll(async () => {
  database = createTestDatabase();
  const logStream = new Writable({
    write(chunk, _enc, done) {
      lines.push(...chunk.toString().split("\n").filter(Boolean));
      done();
    },
  });
  const config = loadConfig({}, {}, { port: 0, databaseUrl: database.url, logLevel: "info" });
  server = await startServer(config, { logStream });
  await server.store.addUser({
    userId: "alice",
    email: "",
    name: "",
    passwordHash: await hashPassword("hunter2-secret", { N: 1024, r: 8, p: 1 }),
  });
});
afterAll(async () => {
  await server.close();
  await database.drop();
});

describe("request logs", () => {
  it("are JSON lines with method, url and status, and never contain a password", async () => {
    await fetch(`${server.url}/cgi/auth.pl?user_id=alice&password=hunter2-secret`);
    await fetch(`${server.url}/cgi/product_jqm2.pl`, {
      method: "POST",
      body: new URLSearchParams({ code: "12345678", user_id: "alice", password: "hunter2-secret", product_name: "x" }),
    });
    const parsed = lines.map((l) => JSON.parse(l));
    expect(parsed.some((l) => l.req?.method === "GET" && String(l.req?.url).startsWith("/cgi/auth.pl"))).toBe(true);
    expect(parsed.some((l) => l.res?.statusCode === 200)).toBe(true);
    expect(lines.join("\n")).not.toContain("hunter2-secret");
  });
});
