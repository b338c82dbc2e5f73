// A book template is made in a thread of its own (template-thread.ts): initdb and the migrations are seconds of CPU,
// and made on the request thread they held every request behind them (issue 61: the first replay after a new
// migration left the app without an answer for minutes). The event loop here must keep turning while it is made,
// and what the thread made must be a migrated book (every migration in every schema), not just bytes: the thread's
// modules are bundled (worker-bundle.ts, or dist-server/ under `npm start`), so the migrations folder it migrates
// from is handed to it.
import { access, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadMigrations } from '../../../server/db/migrate.ts';
import { bookSchemaNames, prepareBookTemplate, templateKey } from '../../../server/services/analysis/backtests/book-template.ts';

/** For each schema of a template: how many migrations it recorded, and whether a table of the first and of a late migration are there. */
async function migratedSchemas(dump: Blob, schemas: number): Promise<Array<{ schema: string; migrations: number; tables: boolean }>> {
  const pg = await PGlite.create({ loadDataDir: dump });
  try {
    const found = [];
    for (const schema of bookSchemaNames(schemas)) {
      const { rows } = await pg.query<{ migrations: number; tables: boolean }>(
        `SELECT (SELECT count(*)::int FROM ${schema}.schema_migrations) AS migrations,
                to_regclass('${schema}.paper_orders') IS NOT NULL AND to_regclass('${schema}.backtests') IS NOT NULL AS tables`,
      );
      found.push({ schema, ...rows[0]! });
    }
    return found;
  } finally {
    await pg.close();
  }
}

describe('a book template', () => {
  const schemas = 2;
  const savedTmpdir = process.env.TMPDIR;
  let dir: string;

  beforeEach(async () => {
    // A fresh temporary folder, as each CI run has: nothing kept from an earlier process.
    dir = await mkdtemp(join(tmpdir(), 'strikedesk-template-'));
    process.env.TMPDIR = dir;
  });

  afterEach(async () => {
    if (savedTmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = savedTmpdir;
    await rm(dir, { recursive: true, force: true });
  });

  it('is made off the request thread, migrated in every schema, and kept for the next start', async () => {
    expect(tmpdir()).toBe(dir);
    // A timer every 20 ms: made on this thread, the longest gap between two is the making's longest step (initdb
    // alone is a second or more of CPU); made in its thread, this loop only waits for a message.
    let longestGapMs = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGapMs = Math.max(longestGapMs, now - last);
      last = now;
    }, 20);
    try {
      await prepareBookTemplate(schemas, { tar: true });
    } finally {
      clearInterval(ticker);
    }
    // Made here, the longest gap was 2.9 s (quiet) or more; made in its thread, 60-230 ms at a load of 11 on two
    // cores (three busy threads: this one, the template's and the machine's others).
    expect(longestGapMs).toBeLessThan(400);

    const key = templateKey(undefined, schemas);
    const zipped = join(dir, `strikedesk-backtest-book-${key}.tar.gz`);
    const migrations = (await loadMigrations()).length;
    expect(migrations).toBeGreaterThan(50);
    expect(await migratedSchemas(new Blob([await readFile(zipped)]), schemas)).toEqual(bookSchemaNames(schemas).map((schema) => ({ schema, migrations, tables: true })));
    // The book threads' tar, unzipped beside it: what a replay's thread starts from.
    await access(join(dir, `strikedesk-backtest-book-${key}.tar`));

    // Kept: the next start finds it and makes nothing (the file is not written again).
    const written = (await stat(zipped)).mtimeMs;
    const started = performance.now();
    await prepareBookTemplate(schemas, { tar: true });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect((await stat(zipped)).mtimeMs).toBe(written);
  }, 240_000);
});
