/** `foodbase export`: stream products out as JSONL (the dump's format) or CSV, optionally filtered. */
import { type Command, Option } from "commander";
import { normalizeBarcode } from "../domain/barcode.js";
import { canonicalizeTagForField } from "../domain/tags.js";
import { type ExportFormat, exportProducts } from "../export/exporter.js";
import { loadTaxonomies } from "../storage/taxonomy-files.js";
import { openStore } from "../store/open.js";
import type { ProductFilter } from "../store/types.js";
import { addSettingOptions, configFromFlags } from "./options.js";
import { writeOutput } from "./output-file.js";
import { refuseOverwritingInputs } from "./same-file.js";

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** `--code 3017620422003,5449000000996` (commas or spaces; may be repeated), each normalised. */
export function parseCodes(values: string[]): string[] {
  const codes: string[] = [];
  for (const received of values.flatMap((v) => v.split(/[\s,]+/)).filter((v) => v !== "")) {
    const code = normalizeBarcode(received);
    if (code === "") throw new Error(`--code: invalid barcode "${received}"`);
    codes.push(code);
  }
  return codes;
}

/** `--modified-since`: Unix seconds, or a date/time such as 2024-01-31 or 2024-01-31T12:00:00Z. */
export function parseTime(raw: string): number {
  const text = raw.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const date = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  const ms = date === null ? Number.NaN : Date.parse(text);
  // Date.parse rolls days over (2024-02-30 is March 1st): the date must come back as written.
  const [, year, month, day] = date ?? [];
  const back = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const exists =
    back.getUTCFullYear() === Number(year) &&
    back.getUTCMonth() + 1 === Number(month) &&
    back.getUTCDate() === Number(day);
  if (Number.isNaN(ms) || !exists) {
    throw new Error(`--modified-since: not a time: "${raw}" (Unix seconds or YYYY-MM-DD)`);
  }
  return Math.floor(ms / 1000);
}

export function registerExportCommand(program: Command): void {
  const command = program
    .command("export")
    .description("Write the products out as JSONL (the dump's format, re-importable) or CSV (tab-separated)")
    .addOption(new Option("--format <format>", "Output format").choices(["jsonl", "csv"]).default("jsonl"))
    .option("--out <file>", "Write to this file instead of stdout (gzip-compressed if it ends in .gz)")
    .option("--code <codes>", "Only these barcodes (comma-separated; repeatable)", collect)
    .option(
      "--category <tag>",
      "Only products in this category, e.g. en:biscuits or Biscuits (repeatable: all)",
      collect,
    )
    .option("--modified-since <time>", "Only products modified at or after this time (Unix seconds or YYYY-MM-DD)");
  addSettingOptions(command, ["databaseUrl"]);
  command.action(async (flags: Record<string, unknown>) => {
    const config = configFromFlags(flags);
    const filter: ProductFilter = {};
    if (Array.isArray(flags.code)) filter.codes = parseCodes(flags.code as string[]);
    if (Array.isArray(flags.category)) {
      const taxonomies = loadTaxonomies();
      filter.tags = (flags.category as string[]).map((value) => {
        const tag = canonicalizeTagForField("categories", "en", value, taxonomies);
        if (tag === "") throw new Error(`--category: empty category "${value}"`);
        return { field: "categories_tags", tag };
      });
    }
    if (typeof flags.modifiedSince === "string") filter.modifiedSince = parseTime(flags.modifiedSince);
    const out = typeof flags.out === "string" && flags.out !== "-" ? flags.out : undefined;
    // Before the database is opened (which creates its -wal file).
    if (out !== undefined) refuseOverwritingInputs("--out", out, [], config.databaseUrl);
    const store = await openStore(config.databaseUrl, { existing: true });
    try {
      const format = flags.format as ExportFormat;
      const count = await writeOutput(out, (stream) => exportProducts({ store, out: stream, format, filter }));
      if (out !== undefined && count !== undefined) process.stderr.write(`exported ${count} products to ${out}\n`);
    } finally {
      await store.close();
    }
  });
}
