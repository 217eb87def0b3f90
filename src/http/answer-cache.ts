/**
 * Rendered read answers, keyed by revision id + envelope + `fields` + `lc`. A revision never
 * changes once written, and each read asks the store for the product's current revision id first, so
 * an answer is as fresh as that id, whichever process wrote the product (on SQLite, see
 * store/sqlite/current-revisions.ts).
 */
import { LRUCache } from "lru-cache";
import type { Counter } from "prom-client";

export class RenderedProductCache {
  private readonly cache: LRUCache<string, Buffer> | undefined;

  /** `lookups` counts hits and misses (metrics on). */
  constructor(
    megabytes: number,
    private readonly lookups?: Counter<"result">,
  ) {
    this.cache =
      megabytes > 0
        ? new LRUCache<string, Buffer>({
            maxSize: megabytes * 1024 * 1024,
            sizeCalculation: (b, k) => b.length + k.length,
          })
        : undefined;
  }

  static key(revisionId: number, envelope: string, fields: string | undefined, lc: string | undefined): string {
    return `${revisionId}\u0000${envelope}\u0000${fields ?? ""}\u0000${lc ?? "\u0001"}`;
  }

  get(key: string): Buffer | undefined {
    const found = this.cache?.get(key);
    this.lookups?.inc({ result: found === undefined ? "miss" : "hit" });
    return found;
  }

  set(key: string, rendered: Buffer): void {
    this.cache?.set(key, rendered);
  }
}
