// A book thread's PGlite is started from the template's tar laid into its file system (template-files.ts), not
// through PGlite's loadDataDir: the data directory it resumes must be the one dumped, rows, sequences and all, and
// what one database writes must never reach another started from the same tar.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteModules } from '../../../server/db/pglite-modules.ts';
import { bookSchemaNames, bookTemplateTar } from '../../../server/services/analysis/backtests/book-template.ts';
import { schemasPerThread } from '../../../server/services/analysis/backtests/paper-book.ts';
import { readPristine } from '../../../server/services/analysis/backtests/schema-reset.ts';
import { catalogueFile, pristineFile, readTar, TemplateFS, templateTar } from '../../../server/services/analysis/backtests/template-files.ts';
import { catalogueSql, type CatalogueRow } from '../../../server/services/analysis/backtests/book-read-cache.ts';
import { emptyClusterTemplate } from '../support/test-database.ts';

describe('a PGlite started from a template’s files', () => {
  let dump: Uint8Array;
  const opened: PGlite[] = [];

  beforeAll(async () => {
    // From the cached dump of an empty cluster: PGlite.create() alone runs initdb.
    const source = await PGlite.create({ loadDataDir: await emptyClusterTemplate() });
    await source.exec(`CREATE SCHEMA book_2;
      CREATE TABLE book_2.orders (id serial PRIMARY KEY, note text NOT NULL);
      INSERT INTO book_2.orders (note) VALUES ('first'), ('second');
      CHECKPOINT`);
    dump = new Uint8Array(await (await source.dumpDataDir('gzip')).arrayBuffer());
    await source.close();
  }, 120_000);

  afterAll(async () => {
    await Promise.all(opened.map((pg) => pg.close()));
  });

  it('reads the dump’s folders before their files, and every file whole', async () => {
    const tar = await templateTar(dump);
    const { folders, files } = readTar(tar);
    expect(folders).toContain('/base');
    expect(folders.indexOf('/base')).toBeLessThan(folders.findIndex((folder) => folder.startsWith('/base/')));
    expect(files.map((file) => file.path)).toContain('/PG_VERSION');
    const version = files.find((file) => file.path === '/PG_VERSION')!;
    expect(new TextDecoder().decode(version.bytes).trim()).toMatch(/^\d+$/);
    // Each file's folder is the data directory itself ('') or one the dump names.
    for (const file of files) expect(['', ...folders]).toContain(file.path.slice(0, file.path.lastIndexOf('/')));
  });

  it('resumes the dumped database: its rows and its sequence where they were, apart from a second started from it', async () => {
    const first = await PGlite.create({ fs: new TemplateFS(await templateTar(dump)) });
    const second = await PGlite.create({ fs: new TemplateFS(await templateTar(dump)) });
    opened.push(first, second);
    expect((await first.query<{ note: string }>('SELECT note FROM book_2.orders ORDER BY id')).rows.map((row) => row.note)).toEqual(['first', 'second']);
    const inserted = await first.query<{ id: number }>(`INSERT INTO book_2.orders (note) VALUES ('third') RETURNING id`);
    expect(inserted.rows[0]!.id).toBe(3);
    await first.exec(`UPDATE book_2.orders SET note = 'changed' WHERE id = 1; CHECKPOINT`);
    // The other database, started from the same bytes, sees none of it.
    expect((await second.query<{ id: number; note: string }>('SELECT id, note FROM book_2.orders ORDER BY id')).rows).toEqual([
      { id: 1, note: 'first' },
      { id: 2, note: 'second' },
    ]);
  }, 120_000);

  it('refuses a damaged tar rather than starting on part of it', () => {
    const tar = new Uint8Array(2048);
    tar.set(new TextEncoder().encode('PG_VERSION'), 0);
    tar.set(new TextEncoder().encode('00000077777'), 124);
    expect(() => readTar(tar)).toThrow(/damaged/);
  });

  it('carries its books’ pristine schema and catalogue (read as it was made), started on the process’s compiled PGlite', async () => {
    // The books' own template (a thread's), read as a thread reads it: its unzipped tar's file.
    const tar = await bookTemplateTar(schemasPerThread);
    expect(readTar(tar).files.map((file) => file.path)).toContain(`/${pristineFile}`);
    const fs = new TemplateFS(tar);
    const pg = await PGlite.create({ ...(await pgliteModules()), fs });
    opened.push(pg);
    expect(fs.pristine).not.toBeNull();
    expect(fs.pristine!.seeded.length).toBeGreaterThan(0);
    expect(fs.pristine!.sequences.length).toBeGreaterThan(0);
    // What book-schemas.ts read from the first schema as a thread started, and no longer needs to: the same.
    await pg.exec(`SET search_path TO ${bookSchemaNames(schemasPerThread)[0]!}`);
    expect(await readPristine(pg)).toEqual(fs.pristine);
    // Every schema holds the same tables and seeds (their rows' times are their own migrations').
    await pg.exec(`SET search_path TO ${bookSchemaNames(schemasPerThread).at(-1)!}`);
    const last = await readPristine(pg);
    expect(last.tables).toEqual(fs.pristine!.tables);
    expect(last.seeded.map(({ table, columns }) => ({ table, columns }))).toEqual(fs.pristine!.seeded.map(({ table, columns }) => ({ table, columns })));
    // The catalogue the books' read cache reads (book-read-cache.ts), read as the template was made: what the
    // first schema answers now, in any order.
    expect(readTar(tar).files.map((file) => file.path)).toContain(`/${catalogueFile}`);
    await pg.exec(`SET search_path TO ${bookSchemaNames(schemasPerThread)[0]!}`);
    const sorted = (rows: readonly CatalogueRow[]) => rows.map((row) => JSON.stringify(row)).sort();
    expect(fs.catalogue).not.toBeNull();
    expect(sorted(fs.catalogue!)).toEqual(sorted((await pg.query<CatalogueRow>(catalogueSql)).rows));
    // Not laid into the data directory: Postgres's files only.
    for (const file of [pristineFile, catalogueFile]) expect(pg.Module.FS.analyzePath(`/pglite/data/${file}`).exists).toBe(false);
  }, 180_000);
});
