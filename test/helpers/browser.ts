/**
 * A real headless Chromium for page tests: the one @sparticuz/chromium brings with npm alone, driven by
 * playwright-core. Its default flags are made for serverless hosts; the ones that would make a page
 * test prove less (one process, web security and site isolation off) are dropped.
 */
import chromium from "@sparticuz/chromium";
import { type Browser, chromium as playwright } from "playwright-core";

/** Flags dropped from @sparticuz/chromium's defaults. */
const DROPPED = new Set([
  "--single-process",
  "--disable-web-security",
  "--disable-site-isolation-trials",
  "--allow-running-insecure-content",
]);

/** Chromium's launch flags without the dropped ones, and without site isolation turned off. */
export function browserArgs(defaults: readonly string[]): string[] {
  return defaults
    .filter((arg) => !DROPPED.has(arg))
    .map((arg) => {
      if (!arg.startsWith("--disable-features=")) return arg;
      const kept = arg
        .slice("--disable-features=".length)
        .split(",")
        .filter((f) => f !== "IsolateOrigins" && f !== "site-per-process");
      return kept.length === 0 ? "" : `--disable-features=${kept.join(",")}`;
    })
    .filter((arg) => arg !== "");
}

export async function launchBrowser(): Promise<Browser> {
  return playwright.launch({
    executablePath: await chromium.executablePath(),
    args: browserArgs(chromium.args),
    headless: true,
  });
}
