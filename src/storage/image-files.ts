/**
 * The one place that reads and writes product photo files, in OFF's layout (IMAGES.md §9.1):
 *
 *   <root>/products/301/762/042/2003/1.jpg           upload 1, full size (q95, oriented, no metadata)
 *   <root>/products/301/762/042/2003/1.100.jpg       upload 1, 100 and 400 px
 *   <root>/products/301/762/042/2003/1.jpg.orig      the bytes as uploaded (with their EXIF; never served)
 *   <root>/products/301/762/042/2003/front_en.3.400.jpg   selection front_en made at revision 3
 *   <root>/.deleted/products/…                       deleted uploads and their selections, kept
 *
 * Every file is written under a temporary dot-name in its final folder, flushed, then renamed: a
 * reader (this process, another process or another machine on a shared filesystem) sees the whole
 * file or none, and a crash leaves at most a temporary file, which the server never serves.
 */
import { randomBytes } from "node:crypto";
import { mkdir, open, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import type { Config } from "../config.js";
import type { ImageFile, ProcessedImage } from "../images/process.js";
import { sqlitePathFromUrl } from "../store/sqlite/path.js";

/** The folder under the root that `/images/products/` serves. */
export const PRODUCTS_FOLDER = "products";
/** Where deleted files go (outside the served folder). */
export const DELETED_FOLDER = ".deleted";

/**
 * OFF's `split_code` (2025 rule, which both SDKs follow): leading zeros dropped, padded to 13 digits,
 * then 3/3/3/rest — `3017620422003` → `301/762/042/2003`, `12345678` → `000/001/234/5678`.
 * Throws for anything but 1–40 digits, so no code can name a path outside the tree.
 */
export function productImageFolder(code: string): string {
  if (!/^\d{1,40}$/.test(code)) throw new Error(`not a barcode: ${JSON.stringify(code)}`);
  const padded = code.replace(/^0+/, "").padStart(13, "0");
  return `${padded.slice(0, 3)}/${padded.slice(3, 6)}/${padded.slice(6, 9)}/${padded.slice(9)}`;
}

/** `1.jpg`, `1.100.jpg`, `1.400.jpg` (an upload's full file has no size in its name). */
export function uploadFileName(imgid: number, size: ImageFile["size"]): string {
  return size === "full" ? `${imgid}.jpg` : `${imgid}.${size}.jpg`;
}

/** `front_en.3.400.jpg`, `front_en.3.full.jpg`. */
export function selectionFileName(id: string, rev: number, size: ImageFile["size"]): string {
  return `${id}.${rev}.${size}.jpg`;
}

/** A selection id as OFF names them: `<type>_<lc>`, lower-case letters. */
const SELECTION_ID = /^[a-z]+_[a-z]{2}$/;

function checkImgid(imgid: number): void {
  if (!Number.isSafeInteger(imgid) || imgid < 1) throw new Error(`not an image id: ${imgid}`);
}

function checkSelection(id: string, rev: number): void {
  if (!SELECTION_ID.test(id)) throw new Error(`not a selection id: ${JSON.stringify(id)}`);
  if (!Number.isSafeInteger(rev) || rev < 1) throw new Error(`not a revision: ${rev}`);
}

/** The images folder of a configuration: the setting, else `images` beside the SQLite file, else ./images. */
export function imagesRoot(config: Pick<Config, "imagesDir" | "databaseUrl">): string {
  if (config.imagesDir !== "") return resolve(config.imagesDir);
  if (/^postgres(ql)?:\/\//i.test(config.databaseUrl)) return resolve("images");
  return resolve(dirname(resolve(sqlitePathFromUrl(config.databaseUrl))), "images");
}

/**
 * Told of files this process moved away or removed (paths under `products/`, e.g.
 * `301/762/042/2003/1.jpg`), so that a copy held in memory is dropped at once.
 */
export type RemovedFilesListener = (relativePaths: string[]) => void;

const removedFilesListeners = new Set<RemovedFilesListener>();

/** Listens to removals by any ImageFiles of this process; returns the function that stops it. */
export function onImageFilesRemoved(listener: RemovedFilesListener): () => void {
  removedFilesListeners.add(listener);
  return () => removedFilesListeners.delete(listener);
}

function tellRemoved(code: string, names: string[]): void {
  if (names.length === 0) return;
  const folder = productImageFolder(code);
  const paths = names.map((name) => `${folder}/${name}`);
  for (const listener of removedFilesListeners) listener(paths);
}

function isNotFound(e: unknown): boolean {
  return (e as NodeJS.ErrnoException).code === "ENOENT";
}

export class ImageFiles {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  static fromConfig(config: Pick<Config, "imagesDir" | "databaseUrl">): ImageFiles {
    return new ImageFiles(imagesRoot(config));
  }

  /** The folder served at `/images/products/`. */
  get productsRoot(): string {
    return join(this.root, PRODUCTS_FOLDER);
  }

  /** Makes the served folder if there is none yet (a new installation), so that serving it starts cleanly. */
  async ensureProductsRoot(): Promise<string> {
    await mkdir(this.productsRoot, { recursive: true });
    return this.productsRoot;
  }

  /** Absolute folder of a product's files. */
  productFolder(code: string): string {
    return join(this.productsRoot, productImageFolder(code));
  }

  /** The upload's files: 1.jpg, 1.100.jpg, 1.400.jpg, and the source bytes as `1.<ext>.orig` when given. */
  async writeUpload(
    code: string,
    imgid: number,
    processed: ProcessedImage,
    original?: { data: Buffer; extension: string },
  ): Promise<void> {
    checkImgid(imgid);
    const files = processed.files.map((f) => ({ name: uploadFileName(imgid, f.size), data: f.data }));
    if (original !== undefined) {
      const extension = /^[a-z0-9]{1,5}$/.test(original.extension) ? original.extension : "bin";
      files.push({ name: `${imgid}.${extension}.orig`, data: original.data });
    }
    // The full file last: its presence says the upload's files are all there.
    files.sort((a, b) => Number(a.name === `${imgid}.jpg`) - Number(b.name === `${imgid}.jpg`));
    await this.writeFiles(this.productFolder(code), files);
  }

  /** A selection's files: front_en.3.{100,200,400,full}.jpg. */
  async writeSelection(code: string, id: string, rev: number, processed: ProcessedImage): Promise<void> {
    checkSelection(id, rev);
    const files = processed.files.map((f) => ({ name: selectionFileName(id, rev, f.size), data: f.data }));
    await this.writeFiles(this.productFolder(code), files);
  }

  /** The upload's full picture (`<imgid>.jpg`), the source of every selection; undefined when absent. */
  async readUpload(code: string, imgid: number): Promise<Buffer | undefined> {
    checkImgid(imgid);
    try {
      return await readFile(join(this.productFolder(code), uploadFileName(imgid, "full")));
    } catch (e) {
      if (isNotFound(e)) return undefined;
      throw e;
    }
  }

  /** Whether the upload's full picture is here (imported products may have none: their URLs go to OFF). */
  async hasUpload(code: string, imgid: number): Promise<boolean> {
    return (await this.readUploadStat(code, imgid)) !== undefined;
  }

  private async readUploadStat(code: string, imgid: number) {
    checkImgid(imgid);
    try {
      return await stat(join(this.productFolder(code), uploadFileName(imgid, "full")));
    } catch (e) {
      if (isNotFound(e)) return undefined;
      throw e;
    }
  }

  /**
   * Moves an upload's files (`<imgid>.*`) and those of the given selections made from it to
   * `.deleted/products/<folder>/`, where they are kept, not destroyed. Returns the names moved.
   */
  async deleteUpload(code: string, imgid: number, selections: { id: string; rev: number }[] = []): Promise<string[]> {
    checkImgid(imgid);
    for (const s of selections) checkSelection(s.id, s.rev);
    const names = await this.list(code);
    const selectionPrefixes = selections.map((s) => `${s.id}.${s.rev}.`);
    const doomed = names.filter(
      (name) => name.startsWith(`${imgid}.`) || selectionPrefixes.some((prefix) => name.startsWith(prefix)),
    );
    const from = this.productFolder(code);
    const to = join(this.root, DELETED_FOLDER, PRODUCTS_FOLDER, productImageFolder(code));
    if (doomed.length > 0) await mkdir(to, { recursive: true });
    for (const name of doomed) {
      try {
        await rename(join(from, name), join(to, name));
      } catch (e) {
        // Another process moved it first: the outcome is the same.
        if (!isNotFound(e)) throw e;
      }
    }
    tellRemoved(code, doomed);
    return doomed;
  }

  /** Removes files written for an upload whose product write then failed (nothing refers to them). */
  async discardUpload(code: string, imgid: number): Promise<void> {
    checkImgid(imgid);
    const folder = this.productFolder(code);
    const names = (await this.list(code)).filter((name) => name.startsWith(`${imgid}.`));
    for (const name of names) await rm(join(folder, name), { force: true });
    tellRemoved(code, names);
  }

  /** The file names of a product (no temporary files), sorted; [] when it has none. */
  async list(code: string): Promise<string[]> {
    try {
      const entries = await readdir(this.productFolder(code), { withFileTypes: true });
      return entries
        .filter((e) => e.isFile() && !e.name.startsWith("."))
        .map((e) => e.name)
        .sort();
    } catch (e) {
      if (isNotFound(e)) return [];
      throw e;
    }
  }

  /**
   * Every file under the root (deleted ones included, temporary ones not), as paths relative to
   * the root with `/` separators, sorted: what `foodbase images export` copies.
   */
  async listAll(): Promise<string[]> {
    const found: string[] = [];
    const walk = async (folder: string): Promise<void> => {
      let entries: import("node:fs").Dirent[];
      try {
        entries = await readdir(folder, { withFileTypes: true });
      } catch (e) {
        if (isNotFound(e)) return;
        throw e;
      }
      for (const entry of entries) {
        const path = join(folder, entry.name);
        if (entry.isDirectory()) await walk(path);
        else if (entry.isFile() && !isTemporaryName(entry.name))
          found.push(relative(this.root, path).split(sep).join("/"));
      }
    };
    await walk(this.root);
    return found.sort();
  }

  /** An absolute path under the root for a relative one from listAll(); throws when it would leave the root. */
  pathOf(relativePath: string): string {
    const path = resolve(this.root, relativePath);
    if (isAbsolute(relativePath) || !path.startsWith(this.root + sep)) {
      throw new Error(`not a path inside the images folder: ${JSON.stringify(relativePath)}`);
    }
    return path;
  }

  /** Writes one file (a relative path under the root) atomically; used by `foodbase images import`. */
  async writeFileAt(relativePath: string, data: Buffer): Promise<void> {
    const path = this.pathOf(relativePath);
    await this.writeFiles(dirname(path), [{ name: path.slice(dirname(path).length + 1), data }]);
  }

  /**
   * Temporary name, write, fsync, rename for each file (all but the last at once, the last one after
   * them: see writeUpload); then one fsync of the folder for the renames.
   */
  private async writeFiles(folder: string, files: { name: string; data: Buffer }[]): Promise<void> {
    await mkdir(folder, { recursive: true });
    const last = files.at(-1);
    await Promise.all(files.slice(0, -1).map((file) => writeOneFile(folder, file)));
    if (last !== undefined) await writeOneFile(folder, last);
    await syncFolder(folder);
  }
}

async function writeOneFile(folder: string, file: { name: string; data: Buffer }): Promise<void> {
  const temporary = join(folder, `.${file.name}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
  const handle = await open(temporary, "wx", 0o644);
  try {
    await handle.writeFile(file.data);
    await handle.sync();
  } catch (e) {
    await handle.close();
    await rm(temporary, { force: true });
    throw e;
  }
  await handle.close();
  try {
    await rename(temporary, join(folder, file.name));
  } catch (e) {
    await rm(temporary, { force: true });
    throw e;
  }
}

/** A file of OFF's layout, as a path relative to the images root (what `images import` accepts). */
const IMAGE_FILE_PATH = new RegExp(
  String.raw`^(?:\.deleted/)?products/(?:\d{3}/\d{3}/\d{3}/\d{1,31}|\d{1,13})/` +
    String.raw`(?:\d+(?:\.(?:100|200|400))?\.jpg|\d+\.[a-z0-9]{1,5}\.orig|[a-z]+_[a-z]{2}(?:\.\d+)?\.(?:100|200|400|full)\.jpg)$`,
);

export function isImageFilePath(relativePath: string): boolean {
  return IMAGE_FILE_PATH.test(relativePath);
}

export interface CopyOutcome {
  /** Files written to the target. */
  copied: number;
  bytes: number;
  /** Files the target already had, byte for byte. */
  unchanged: number;
  /** Files left out: not named as OFF's image files (only when `onlyImageFiles`). */
  skipped: string[];
}

/**
 * Copies every file of one images folder into another (same relative paths), each written
 * atomically; a file the target already has with the same bytes is left alone, so a copy can be
 * run again after an interruption. `onlyImageFiles` leaves out whatever is not named as OFF's files.
 */
export async function copyImageFiles(
  from: ImageFiles,
  to: ImageFiles,
  options: { onlyImageFiles: boolean; onFile?: (relativePath: string) => void } = { onlyImageFiles: false },
): Promise<CopyOutcome> {
  const outcome: CopyOutcome = { copied: 0, bytes: 0, unchanged: 0, skipped: [] };
  for (const relativePath of await from.listAll()) {
    if (options.onlyImageFiles && !isImageFilePath(relativePath)) {
      outcome.skipped.push(relativePath);
      continue;
    }
    const data = await readFile(from.pathOf(relativePath));
    const existing = await readIfSameSize(to.pathOf(relativePath), data.length);
    if (existing?.equals(data)) {
      outcome.unchanged++;
    } else {
      await to.writeFileAt(relativePath, data);
      outcome.copied++;
      outcome.bytes += data.length;
    }
    options.onFile?.(relativePath);
  }
  return outcome;
}

async function readIfSameSize(path: string, size: number): Promise<Buffer | undefined> {
  try {
    const info = await stat(path);
    return info.isFile() && info.size === size ? await readFile(path) : undefined;
  } catch (e) {
    if (isNotFound(e)) return undefined;
    throw e;
  }
}

/** Temporary files are dot-names ending in .tmp (see writeFiles). */
export function isTemporaryName(name: string): boolean {
  return name.startsWith(".") && name.endsWith(".tmp");
}

/** Makes the renames durable; some filesystems (and Windows) cannot open a folder, which is not an error. */
async function syncFolder(folder: string): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(folder, "r");
    await handle.sync();
  } catch {
    // Best effort: the files themselves are complete either way.
  } finally {
    await handle?.close();
  }
}
