/**
 * Size statistics of generated lines (mean, percentiles, max) in constant memory: a histogram of
 * 64-byte buckets, whatever the number of products (a list of every size would grow with the count).
 * Percentiles are the upper end of their bucket, so they are exact to 64 bytes.
 */
const BUCKET_BYTES = 64;
/** Lines of 4 MiB and more share the last bucket (the max stays exact). */
const BUCKETS = (4 * 1024 * 1024) / BUCKET_BYTES;

export interface SizeSummary {
  count: number;
  totalBytes: number;
  mean: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

export class SizeHistogram {
  private readonly counts = new Uint32Array(BUCKETS);
  private count = 0;
  private total = 0;
  private max = 0;

  add(bytes: number): void {
    this.counts[Math.min(BUCKETS - 1, Math.floor(bytes / BUCKET_BYTES))]++;
    this.count++;
    this.total += bytes;
    if (bytes > this.max) this.max = bytes;
  }

  private percentile(p: number): number {
    const rank = Math.ceil(p * this.count);
    let seen = 0;
    for (let bucket = 0; bucket < BUCKETS; bucket++) {
      seen += this.counts[bucket] as number;
      if (seen >= rank) return Math.min(this.max, (bucket + 1) * BUCKET_BYTES);
    }
    return this.max;
  }

  summary(): SizeSummary {
    return {
      count: this.count,
      totalBytes: this.total,
      mean: this.count === 0 ? 0 : this.total / this.count,
      p50: this.percentile(0.5),
      p90: this.percentile(0.9),
      p99: this.percentile(0.99),
      max: this.max,
    };
  }
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** One line for the terminal: `20,000 products, 240.1 MB: mean 12.3 KB, p50 …`. */
export function formatSizeSummary(s: SizeSummary): string {
  return (
    `${s.count.toLocaleString("en-US")} products, ${(s.totalBytes / 1024 / 1024).toFixed(1)} MB of JSONL; ` +
    `size per product: mean ${kb(s.mean)}, p50 ${kb(s.p50)}, p90 ${kb(s.p90)}, p99 ${kb(s.p99)}, max ${kb(s.max)}`
  );
}
