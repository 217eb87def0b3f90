/**
 * The README's screenshots (docs/screenshots/): `npm run screenshots`.
 *
 * Starts foodbase on a fresh SQLite file with the sample products, gives some of them a front photo (a
 * drawing of a package, rendered by the browser itself) through `/cgi/product_image_upload.pl`, then
 * photographs a product page and a search page in the same headless Chromium as the browser tests.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import chromium from "@sparticuz/chromium";
import { chromium as playwright } from "playwright-core";
import { browserArgs } from "../test/helpers/browser.js";

const OUT = "docs/screenshots";
const USER = { id: "screenshots", password: "screenshots-password" };
/** Sample products (data/sample/) with the colours of their drawn package. */
const PACKAGES: ReadonlyArray<{ code: string; name: string; colour: string }> = [
  { code: "3017620422003", name: "Nutella", colour: "#8b3a1a" },
  { code: "3068320114453", name: "Evian", colour: "#5aa9e6" },
  { code: "3549113001049", name: "Pur jus d'orange", colour: "#f39c12" },
  { code: "3760020109004", name: "Comté AOP", colour: "#e8c547" },
];

function run(args: string[], env: NodeJS.ProcessEnv, input?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["dist/cli/main.js", ...args], { env: { ...process.env, ...env } });
    child.stdin.end(input ?? "");
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`foodbase ${args[0]} exited ${code}`))));
  });
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "foodbase-screenshots-"));
  const env = { DATABASE_URL: `sqlite:${join(dir, "foodbase.db")}`, FOODBASE_WORKERS: "1", LOG_LEVEL: "warn" };
  const server = spawn(process.execPath, ["dist/cli/main.js", "serve", "--port", "0", "--sample-data"], {
    env: { ...process.env, ...env, FOODBASE_IMAGES_DIR: join(dir, "images") },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const browser = await playwright.launch({
    executablePath: await chromium.executablePath(),
    args: browserArgs(chromium.args),
    headless: true,
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      server.stdout.on("data", (data: Buffer) => {
        const match = /listening on (http:\/\/\S+)/.exec(data.toString());
        if (match !== null) resolve(match[1] as string);
      });
      server.on("exit", () => reject(new Error("foodbase serve stopped")));
    });
    await run(["users", "add", USER.id, "--password-stdin"], env, `${USER.password}\n`);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    for (const { code, name, colour } of PACKAGES) {
      await page.setViewportSize({ width: 600, height: 800 });
      await page.setContent(
        `<body style="margin:0;display:flex;align-items:center;justify-content:center;height:100vh;background:#fafafa">
         <div style="width:420px;height:640px;border-radius:36px;background:${colour};display:flex;align-items:center;
           justify-content:center;font:bold 54px sans-serif;color:#fff;text-align:center;padding:20px">${name}</div></body>`,
      );
      const photo = await page.screenshot({ type: "jpeg", quality: 85 });
      const form = new FormData();
      form.set("code", code);
      form.set("user_id", USER.id);
      form.set("password", USER.password);
      form.set("imagefield", "front_en");
      form.set("imgupload_front_en", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "front.jpg");
      const answer = await fetch(`${url}/cgi/product_image_upload.pl`, { method: "POST", body: form });
      if (!answer.ok) throw new Error(`upload for ${code}: ${answer.status} ${await answer.text()}`);
    }
    mkdirSync(OUT, { recursive: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${url}/product/3017620422003`);
    writeFileSync(join(OUT, "product.png"), await page.screenshot({ fullPage: true }));
    await page.goto(`${url}/search?countries_tags=en:france`);
    writeFileSync(join(OUT, "search.png"), await page.screenshot({ fullPage: true }));
    console.log(`saved ${OUT}/product.png and ${OUT}/search.png`);
  } finally {
    await browser.close();
    server.kill("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
