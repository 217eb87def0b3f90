#!/usr/bin/env node
/**
 * Works around an npm 11.16+ bug (npm/cli#9846): `npm install` leaves out of package-lock.json the
 * optional platform packages the registry does not serve (Biome's and DuckDB's binaries for other
 * systems), then `npm ci` refuses that very lock file. This adds a placeholder entry, with the os/cpu
 * the package name says, for each such package, so `npm ci` accepts the lock and skips them here.
 * Run it after any `npm install` that changes package-lock.json:  node scripts/lockfile-placeholders.mjs
 */
import { readFileSync, writeFileSync } from "node:fs";

const OS = /(android|darwin|win32|linux|freebsd|openbsd|sunos|aix|netbsd)/;
const CPU = /(arm64|x64|ia32|arm|ppc64|s390x|riscv64|loong64|mips64el|wasm32)/;

export function missingOptionalEntries(lock) {
  const packages = lock.packages ?? {};
  const missing = new Map();
  for (const [path, meta] of Object.entries(packages)) {
    for (const [name, range] of Object.entries(meta.optionalDependencies ?? {})) {
      const nested = path === "" ? `node_modules/${name}` : `${path}/node_modules/${name}`;
      if (nested in packages || `node_modules/${name}` in packages) continue;
      missing.set(`node_modules/${name}`, { name, version: String(range).replace(/^[\^~=]/, "") });
    }
  }
  return missing;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = new URL("../package-lock.json", import.meta.url);
  const lock = JSON.parse(readFileSync(file, "utf8"));
  const missing = missingOptionalEntries(lock);
  for (const [path, { name, version }] of missing) {
    const entry = { version, optional: true };
    const os = OS.exec(name);
    const cpu = CPU.exec(name);
    if (os) entry.os = [os[1]];
    if (cpu) entry.cpu = [cpu[1]];
    if (name.includes("musl")) entry.libc = ["musl"];
    lock.packages[path] = entry;
  }
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`added ${missing.size} placeholder entries`);
}
