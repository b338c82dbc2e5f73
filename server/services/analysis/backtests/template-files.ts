// The books' template laid into a book thread's PGlite (issue 61: the first replay read after a restart ≤ 2 s).
// PGlite's own `loadDataDir` unzips the template's tar through web streams and reads it with a JavaScript tar
// reader that checks each header's sum and looks up every parent folder of every file: for the six-schema
// template (49 MB, some 3,700 files) that was half of a book thread's start, 3.2-3.5 s of CPU before its first
// statement (1.6 s without it, measured one after the other). Here the request thread has zlib unzip the tar on
// its thread pool (not on the request thread) and hands the bytes over to the book thread (moved, not copied);
// the thread reads the tar once and writes each file into its in-memory file system before Postgres starts, which
// then finds its data directory and resumes it, as it would one on disk.
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { MemoryFS } from '@electric-sql/pglite';
import type { Pristine } from './schema-reset.ts';
import type { CatalogueRow } from './book-read-cache.ts';

const unzip = promisify(gunzip);

/**
 * A template's tar (a dump of PGlite's data directory), unzipped when it is gzipped, off the calling thread: bytes
 * of their own, to be moved to a thread (never `dump`'s).
 */
export async function templateTar(dump: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  if (dump[0] !== 0x1f || dump[1] !== 0x8b) return new Uint8Array(dump);
  // Unzipped into one buffer of the tar's size (gzip's last four bytes), not zlib's 16 KB pieces joined: the
  // pieces, freed, stayed in the process's malloc arenas (49 MB a thread start).
  const size = new DataView(dump.buffer, dump.byteOffset, dump.byteLength).getUint32(dump.byteLength - 4, true);
  return ownBytes(await unzip(dump, { chunkSize: Math.max(64 * 1024, size) }));
}

/** `bytes` as a Uint8Array over a buffer of its own, to be moved to a thread: zlib's or readFile's answer this large is (Node pools only small ones); else a copy. */
export function ownBytes(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length && bytes.buffer instanceof ArrayBuffer ? new Uint8Array(bytes.buffer) : new Uint8Array(bytes);
}

type TarFiles = { folders: string[]; files: Array<{ path: string; bytes: Uint8Array }> };

const block = 512;
const decoder = new TextDecoder();

/** A NUL-ended field of a header. */
const field = (tar: Uint8Array, from: number, length: number) => {
  const bytes = tar.subarray(from, from + length);
  const end = bytes.indexOf(0);
  return decoder.decode(end < 0 ? bytes : bytes.subarray(0, end));
};

/** The folders and files of a tar as PGlite's dumpDataDir writes it (ustar: files and folders only); views, not copies. */
export function readTar(tar: Uint8Array): TarFiles {
  const found: TarFiles = { folders: [], files: [] };
  for (let at = 0; at + block <= tar.length; ) {
    // The end: a block of zeros (a header's name is never empty).
    if (tar[at] === 0) break;
    const name = field(tar, at, 100);
    const prefix = field(tar, at + 345, 155);
    const size = Number.parseInt(field(tar, at + 124, 12).trim() || '0', 8);
    if (!Number.isFinite(size) || at + block + size > tar.length) throw new Error("The books' template is damaged");
    const path = `/${prefix}/${name}`.replace(/\/+/g, '/').replace(/\/$/, '');
    const type = tar[at + 156];
    // '5': a folder; '0' or NUL: a file.
    if (type === 0x35) found.folders.push(path);
    else if (type === 0x30 || type === 0) found.files.push({ path, bytes: tar.subarray(at + block, at + block + size) });
    at += block + Math.ceil(size / block) * block;
  }
  return found;
}

/** PGlite's data directory in its virtual file system (book-template.ts reads it there too). */
const dataDir = '/pglite/data';

/**
 * The file of the template (at its data directory's top, where Postgres reads no file it does not know) holding
 * what its books' schemas held right after their migrations (schema-reset.ts readPristine, read once as the
 * template is made): a book thread starting from it need not read it again (about 40 % of a thread's start: a
 * digest of every table, the first statements of a cold Postgres). Not laid into the file system.
 */
export const pristineFile = 'strikedesk-pristine.json';

/**
 * What the books' read cache reads of the catalogue (book-read-cache.ts catalogueSql), read once as the template
 * is made: each thread read it again before its first book's first statement (1-4 s of the thread on a loaded
 * machine, which a replay's first read after a restart waited for: issue 61). Not laid into the file system.
 */
export const catalogueFile = 'strikedesk-catalogue.json';

/**
 * PGlite's in-memory file system holding a template's files before Postgres starts: PGlite calls initialSyncFs
 * between the WebAssembly module's start and its look for a data directory. Each file is the tar's bytes
 * themselves (the file system owns them: no second copy of 49 MB), so `tar` must be this database's alone: a
 * thread's own, moved to it (Postgres writes its files in place).
 */
export class TemplateFS extends MemoryFS {
  #tar: Uint8Array | null;
  /** The template's pristine schema (pristineFile), once its files are laid; null when the template has none. */
  pristine: Pristine | null = null;
  /** The catalogue's rows the read cache reads (catalogueFile); null when the template has none. */
  catalogue: CatalogueRow[] | null = null;

  constructor(tar: Uint8Array) {
    super();
    this.#tar = tar;
  }

  override async initialSyncFs(): Promise<void> {
    const fs = this.pg!.Module.FS;
    const { folders, files } = readTar(this.#tar!);
    this.#tar = null;
    fs.mkdirTree(dataDir);
    // Parents first, as the dump lists them.
    for (const folder of folders) if (!fs.analyzePath(`${dataDir}${folder}`).exists) fs.mkdir(`${dataDir}${folder}`);
    for (const { path, bytes } of files) {
      if (path === `/${pristineFile}`) this.pristine = JSON.parse(decoder.decode(bytes)) as Pristine;
      else if (path === `/${catalogueFile}`) this.catalogue = JSON.parse(decoder.decode(bytes)) as CatalogueRow[];
      else fs.writeFile(`${dataDir}${path}`, bytes, { canOwn: true });
    }
  }
}
