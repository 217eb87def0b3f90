/**
 * Progress of long bulk commands on stderr: a cli-progress bar on a terminal (redrawn in place, with
 * messages printed above it), plain lines every few seconds otherwise (logs, CI, pipes).
 */
import { MultiBar, type Params, type SingleBar } from "cli-progress";

export interface ProgressOptions {
  stream: NodeJS.WriteStream;
  /** What is measured: bytes read (import) or products written (generate). */
  unit: "bytes" | "products";
  /** Expected final value, when known (a file's size; unknown for stdin). */
  total: number | undefined;
  /** Seconds between plain lines when not on a terminal. */
  plainInterval?: number;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KiB", "MiB", "GiB", "TiB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 2 : 1)} ${units[unit]}`;
}

export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return "?";
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${rest}` : `${m}:${rest}`;
}

const integer = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

export class Progress {
  private readonly started = performance.now();
  private readonly bars: MultiBar | undefined;
  private readonly bar: SingleBar | undefined;
  private done = 0;
  private products = 0;
  private lastPlainLine = performance.now();
  private stopped = false;

  constructor(private readonly options: ProgressOptions) {
    if (options.stream.isTTY) {
      this.bars = new MultiBar({
        stream: options.stream,
        hideCursor: true,
        clearOnComplete: true,
        etaBuffer: 50,
        format: (_options, params) => this.describe(params),
      });
      this.bar = this.bars.create(options.total ?? 0, 0);
    }
  }

  private amount(value: number): string {
    return this.options.unit === "bytes" ? formatBytes(value) : integer.format(value);
  }

  private rate(): string {
    const seconds = (performance.now() - this.started) / 1000;
    return `${integer.format(seconds > 0 ? this.products / seconds : 0)} products/s`;
  }

  /** The status line; on a terminal cli-progress passes its bar and ETA. */
  private describe(params?: Params): string {
    const { total } = this.options;
    const parts: string[] = [];
    if (total !== undefined && total > 0) {
      const share = Math.min(1, this.done / total);
      const bar = params === undefined ? "" : `${"█".repeat(Math.round(share * 30)).padEnd(30, "░")} `;
      parts.push(`${bar}${(share * 100).toFixed(1)}% of ${this.amount(total)}`);
    } else {
      parts.push(`${this.amount(this.done)}${this.options.unit === "bytes" ? " read" : ""}`);
    }
    if (this.options.unit === "bytes") parts.push(`${integer.format(this.products)} products`);
    parts.push(this.rate());
    if (total !== undefined && total > 0) {
      const eta = params?.eta ?? this.plainEta(total);
      parts.push(`ETA ${formatDuration(eta)}`);
    }
    return parts.join(" | ");
  }

  private plainEta(total: number): number {
    const seconds = (performance.now() - this.started) / 1000;
    return this.done > 0 ? (seconds * (total - this.done)) / this.done : Number.POSITIVE_INFINITY;
  }

  update(done: number, products: number): void {
    this.done = done;
    this.products = products;
    if (this.bar !== undefined) {
      this.bar.update(this.options.total === undefined ? 0 : done);
      return;
    }
    const now = performance.now();
    if (now - this.lastPlainLine >= (this.options.plainInterval ?? 10) * 1000) {
      this.lastPlainLine = now;
      this.options.stream.write(`${this.describe()}\n`);
    }
  }

  /** A message line (above the bar on a terminal). */
  log(line: string): void {
    if (this.bars !== undefined && !this.stopped) this.bars.log(`${line}\n`);
    else this.options.stream.write(`${line}\n`);
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.bars?.stop();
  }
}
