/**
 * `foodbase images export DIR` / `foodbase images import DIR`: the photo files travel with the data.
 * `foodbase export` carries each product's `images` metadata; these commands carry the files it
 * names, in OFF's layout (`DIR/products/301/762/042/2003/1.jpg` …), deleted ones (`.deleted/`) too.
 * Both can be run again: files already there with the same bytes are left alone.
 */
import { existsSync, statSync } from "node:fs";
import { join, resolve, sep } from "node:path";
import type { Command } from "commander";
import { copyImageFiles, ImageFiles, PRODUCTS_FOLDER } from "../storage/image-files.js";
import { addSettingOptions, configFromFlags } from "./options.js";

function folderOf(flags: Record<string, unknown>): ImageFiles {
  return ImageFiles.fromConfig(configFromFlags(flags));
}

/** One folder may not hold the other: a copy would read its own output. */
function refuseNested(a: string, b: string): void {
  const [x, y] = [resolve(a), resolve(b)];
  if (x === y || x.startsWith(y + sep) || y.startsWith(x + sep)) {
    throw new Error(`${b} and the images folder ${a} are the same folder or inside one another`);
  }
}

function summary(verb: string, outcome: { copied: number; bytes: number; unchanged: number }, where: string) {
  const megabytes = (outcome.bytes / (1024 * 1024)).toFixed(1);
  return `${verb} ${outcome.copied} image files (${megabytes} MB) ${where}; ${outcome.unchanged} already there\n`;
}

export function registerImagesCommands(program: Command): void {
  const images = program
    .command("images")
    .description("Copy the product photo files to or from a folder (with `export`/`import` of the data)");

  const exportCommand = images
    .command("export")
    .argument("<dir>", "folder to copy the images folder's files into (created if needed)")
    .description("Copy every photo file of the images folder into DIR, in OFF's layout");
  addSettingOptions(exportCommand, ["imagesDir", "databaseUrl"]);
  exportCommand.action(async (dir: string, flags: Record<string, unknown>) => {
    const source = folderOf(flags);
    refuseNested(source.root, dir);
    const outcome = await copyImageFiles(source, new ImageFiles(dir), { onlyImageFiles: false });
    process.stdout.write(summary("exported", outcome, `from ${source.root} to ${resolve(dir)}`));
  });

  const importCommand = images
    .command("import")
    .argument("<dir>", `a folder written by \`foodbase images export\` (with ${PRODUCTS_FOLDER}/ in it)`)
    .description("Copy the photo files of DIR into the images folder (only files named as OFF's)");
  addSettingOptions(importCommand, ["imagesDir", "databaseUrl"]);
  importCommand.action(async (dir: string, flags: Record<string, unknown>) => {
    const target = folderOf(flags);
    if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new Error(`no folder at ${dir}`);
    if (!existsSync(join(dir, PRODUCTS_FOLDER))) {
      throw new Error(`${dir} has no ${PRODUCTS_FOLDER}/ folder: give the folder \`foodbase images export\` wrote`);
    }
    refuseNested(target.root, dir);
    const outcome = await copyImageFiles(new ImageFiles(dir), target, { onlyImageFiles: true });
    process.stdout.write(summary("imported", outcome, `from ${resolve(dir)} to ${target.root}`));
    if (outcome.skipped.length > 0) {
      process.stderr.write(
        `foodbase: left out ${outcome.skipped.length} files not named as OFF's image files, e.g. ${outcome.skipped[0]}\n`,
      );
    }
  });
}
