/**
 * The ceiling of HTTP benchmarks: a bare node:http server that answers each path with bytes known in
 * advance (the same bytes foodbase answers), doing nothing else. Run as a child process:
 *   node --import tsx bench/lib/ceiling.ts <bodies.json>   → prints "listening <port>"
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const bodies = new Map<string, Buffer>(
  Object.entries(JSON.parse(readFileSync(process.argv[2] as string, "utf8")) as Record<string, string>).map(
    ([k, v]) => [k, Buffer.from(v)],
  ),
);
const notFound = Buffer.from('{"status":0}');

const server = createServer((req, res) => {
  const body = bodies.get(req.url ?? "") ?? notFound;
  res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": body.length });
  res.end(body);
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === "object" && address ? address.port : 0}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
