// The PostgREST-subset parser on its own: what each parameter becomes, and what is refused (with which
// status, code and message). No database: the SQL is checked for what matters (identifiers only from the
// allow-list, every value a parameter).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseContractYaml } from '../../../server/contract/document.ts';
import { repoRoot } from '../../../server/paths.ts';
import { contentRange, parseInList, parseRead, PostgrestRefusal, readSql, type ReadHeaders } from '../../../server/services/analytics/postgrest-query.ts';
import { analyticsTables, maxRows } from '../../../server/services/analytics/tables.ts';

const parse = (table: string, query: string, headers?: ReadHeaders) => parseRead(table, [...new URLSearchParams(query)], headers);

function refusal(table: string, query: string, headers?: ReadHeaders): PostgrestRefusal {
  try {
    parse(table, query, headers);
  } catch (error) {
    if (error instanceof PostgrestRefusal) return error;
    throw error;
  }
  throw new Error(`${table}?${query} was accepted`);
}

describe('select, order, limit and offset', () => {
  it('defaults to every column, the table order and the cap', () => {
    const read = parse('commentary', '');
    expect(read.columns).toEqual(['id', 'created_at', 'title', 'body', 'index', 'sentiment', 'title_i18n', 'body_i18n', 'sample']);
    expect(read).toMatchObject({ filters: [], order: [], limit: maxRows, offset: 0, count: false, single: false });
    expect(readSql(read).rows.sql).toContain('ORDER BY "created_at" DESC, "id" DESC LIMIT $1 OFFSET $2');
  });

  it('takes a column list (spaces around names allowed, duplicates once) and * among names', () => {
    expect(parse('commentary', 'select=id, title,id').columns).toEqual(['id', 'title']);
    expect(parse('candles', 'select=*,time').columns).toEqual(Object.keys(analyticsTables.candles!.columns));
  });

  it('reads every order form, comma separated, and keeps the table order after it as a tie-break', () => {
    const read = parse('data', 'order=change_pct.desc.nullslast,index,spot.asc.nullsfirst,created_at.desc');
    expect(read.order).toEqual([
      { column: 'change_pct', descending: true, nulls: 'last' },
      { column: 'index', descending: false, nulls: null },
      { column: 'spot', descending: false, nulls: 'first' },
      { column: 'created_at', descending: true, nulls: null },
    ]);
    expect(readSql(read).rows.sql).toContain('ORDER BY "change_pct" DESC NULLS LAST, "index" ASC, "spot" ASC NULLS FIRST, "created_at" DESC, "id" DESC');
    expect(parse('daily_data', 'order=volume.nullsfirst').order).toEqual([{ column: 'volume', descending: false, nulls: 'first' }]);
  });

  it('binds limit and offset as parameters', () => {
    const read = parse('commentary', 'limit=20&offset=40');
    expect(readSql(read).rows.params).toEqual([20, 40]);
  });

  it(`caps the limit at ${maxRows}`, () => {
    expect(parse('commentary', `limit=${maxRows}`).limit).toBe(maxRows);
    const refused = refusal('commentary', `limit=${maxRows + 1}`);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ code: 'PGRST100', message: `limit must be at most ${maxRows}, got ${maxRows + 1}`, details: null, hint: 'Read further rows page by page with offset.' });
  });

  it.each([
    ['limit=-1', /^limit must be a whole number/],
    ['limit=ten', /^limit must be a whole number/],
    ['limit=1.5', /^limit must be a whole number/],
    ['offset=-5', /^offset must be a whole number/],
    ['limit=1&limit=2', /^limit is given twice/],
    ['select=', /^failed to parse select parameter/],
    ['select=id,title:body', /^failed to parse select parameter/],
    ['select=id::text', /^failed to parse select parameter/],
    ['select=author(*)', /^failed to parse select parameter/],
    ['order=created_at.sideways', /^failed to parse order/],
    ['order=created_at.desc.asc', /^failed to parse order/],
    ['order=', /^failed to parse order/],
  ])('refuses %s with PGRST100', (query, message) => {
    const refused = refusal('commentary', query);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('PGRST100');
    expect(refused.body.message).toMatch(message);
  });
});

describe('filters', () => {
  it.each([
    ['eq', '=', 'eq.NIFTY'],
    ['neq', '<>', 'neq.NIFTY'],
    ['gt', '>', 'gt.NIFTY'],
    ['gte', '>=', 'gte.NIFTY'],
    ['lt', '<', 'lt.NIFTY'],
    ['lte', '<=', 'lte.NIFTY'],
  ])('%s compares with a bound value', (operator, sql, raw) => {
    const read = parse('commentary', `index=${raw}`);
    expect(read.filters).toEqual([{ column: 'index', negated: false, operator, value: 'NIFTY' }]);
    const { rows } = readSql(read);
    expect(rows.sql).toContain(`WHERE "index" ${sql} $1::text`);
    expect(rows.params[0]).toBe('NIFTY');
  });

  it('casts each value to its column type', () => {
    const { rows } = readSql(parse('commentary', 'id=gt.5&created_at=gte.2026-01-16T09:15:00%2B05:30'));
    expect(rows.sql).toContain('"id" > $1::bigint AND "created_at" >= $2::timestamptz');
    expect(rows.params.slice(0, 2)).toEqual(['5', '2026-01-16T09:15:00+05:30']);
    expect(readSql(parse('daily_data', 'date=lt.2026-01-16')).rows.sql).toContain('"date" < $1::date');
  });

  it('is.null, and not. negating any operator', () => {
    expect(readSql(parse('data', 'indicator=is.null')).rows.sql).toContain('WHERE "indicator" IS NULL');
    expect(readSql(parse('data', 'indicator=not.is.null')).rows.sql).toContain('WHERE NOT ("indicator" IS NULL)');
    expect(readSql(parse('data', 'index=not.in.(NIFTY,SENSEX)')).rows.sql).toContain('WHERE NOT ("index" = ANY($1::text[]))');
    expect(readSql(parse('data', 'indicator=not.eq.screener')).rows.sql).toContain('WHERE NOT ("indicator" = $1::text)');
  });

  it('is.true and is.false are refused as PostgreSQL would: no analytics column is a boolean', () => {
    for (const value of ['true', 'false']) {
      const refused = refusal('data', `indicator=is.${value}`);
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('42804');
    }
    expect(refusal('data', 'indicator=is.maybe').body.code).toBe('PGRST100');
  });

  it('repeats a column for a range (what .gte().lte() sends)', () => {
    const read = parse('candles', 'time=gte.2026-01-16T03:45:00Z&time=lt.2026-01-16T10:00:00Z&interval=eq.5m');
    expect(read.filters.map((filter) => filter.operator)).toEqual(['gte', 'lt', 'eq']);
    expect(readSql(read).count.sql).toBe('SELECT count(*) AS total FROM analytics_candles WHERE "time" >= $1::timestamptz AND "time" < $2::timestamptz AND "interval" = $3::text');
  });

  it('names the unsupported operator, and what else it could have been', () => {
    const refused = refusal('commentary', 'index=like.NIF*');
    expect(refused.body).toMatchObject({ code: 'PGRST100', message: 'the operator like is not supported (filter commentary.index)' });
    expect(refused.body.hint).toMatch(/eq, neq, gt, gte, lt, lte, in, is/);
    expect(refusal('commentary', 'index=eq(any).{NIFTY}').body.message).toMatch(/^failed to parse filter/);
    expect(refusal('commentary', 'index=NIFTY').body.message).toMatch(/^failed to parse filter/);
    expect(refusal('commentary', 'index=eq').body.message).toMatch(/the value is missing/);
  });

  it.each([
    ['id=eq.abc', 'commentary', /"abc" is not a whole number/],
    ['id=in.(1,x)', 'commentary', /"x" is not a whole number/],
    ['created_at=gt.yesterday', 'commentary', /is not a date and time/],
    ['date=eq.16-01-2026', 'daily_data', /is not a date like/],
    ['effective_from=lte.2026-13-45', 'index_config', /is not a date like/],
  ])('checks %s against the column type (22P02)', (query, table, message) => {
    const refused = refusal(table, query);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('22P02');
    expect(refused.body.message).toMatch(message);
  });
});

describe('in.(…) quoting, as PostgREST reads it', () => {
  it.each([
    ['(NIFTY,SENSEX)', ['NIFTY', 'SENSEX']],
    ['()', []],
    ['("a,b",c)', ['a,b', 'c']],
    ['("(x)","y)")', ['(x)', 'y)']],
    ['("say \\"hi\\"","back\\\\slash")', ['say "hi"', 'back\\slash']],
    ['(a b,  c)', ['a b', '  c']],
    ['(a(b,c)', ['a(b', 'c']],
    ['(a,)', ['a', '']],
    ['("",x)', ['', 'x']],
  ])('%s', (raw, values) => {
    expect(parseInList(raw)).toEqual(values);
  });

  it.each(['NIFTY,SENSEX', '(NIFTY', '("open,x)', '("a"b)', '(a)b)', '(a"b)'])('refuses %s', (raw) => {
    expect(() => parseInList(raw)).toThrow(PostgrestRefusal);
  });

  it('binds the whole list as one array parameter', () => {
    const { rows } = readSql(parse('commentary', `index=in.${encodeURIComponent('("NIFTY","it\'s, \\"x\\"")')}`));
    expect(rows.sql).toContain('"index" = ANY($1::text[])');
    expect(rows.params[0]).toEqual(['NIFTY', 'it\'s, "x"']);
  });
});

describe('the allow-list', () => {
  it('refuses a table outside it, whatever its name', () => {
    for (const table of ['users', 'sessions', 'index_config;drop', 'pg_user', '__proto__', 'constructor', 'market_candles']) {
      const refused = refusal(table, '');
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('PGRST205');
      expect(refused.body.hint).toContain('commentary, data, daily_data, screener, bots, index_config, candles');
    }
  });

  it('refuses a column outside it as PostgreSQL would (42703), in select, order and filters', () => {
    expect(refusal('commentary', 'select=id,colour').body).toMatchObject({ code: '42703', message: 'column commentary.colour does not exist' });
    expect(refusal('commentary', 'order=password.desc').body).toMatchObject({ code: '42703', message: 'column commentary.password does not exist' });
    expect(refusal('commentary', 'colour=eq.red').body).toMatchObject({ code: '42703', message: 'column commentary.colour does not exist' });
    expect(refusal('candles', 'select=ticks').body.code).toBe('42703');
  });

  it('filters only by the columns the contract lists for the table', () => {
    const refused = refusal('commentary', 'title=eq.x');
    expect(refused.body).toMatchObject({ code: 'PGRST100', message: 'commentary cannot be filtered by title', hint: 'Filter commentary by id, created_at, index, sentiment.' });
    expect(refusal('screener', 'order=legs').body.message).toBe('screener cannot be ordered by legs');
  });

  it.each(['or=(id.eq.1,id.eq.2)', 'and=(id.eq.1)', 'not=eq.1', 'columns=id', 'on_conflict=id'])('refuses the PostgREST parameter %s', (query) => {
    expect(refusal('commentary', query).body.code).toBe('PGRST100');
  });

  it.each([
    ['select', 'id;drop table commentary'],
    ['select', 'id,(select password from users)'],
    ['select', '"id"'],
    ['order', 'id);--'],
    ['order', 'id desc; delete from data'],
    ['order', '1'],
    ['id;drop table commentary', 'eq.1'],
    ['"index"', 'eq.NIFTY'],
  ])('never lets a name through: %s=%s', (name, value) => {
    const refused = refusal('commentary', new URLSearchParams([[name, value]]).toString());
    expect(refused.status).toBe(400);
    expect(['PGRST100', '42703']).toContain(refused.body.code);
  });

  it('keeps every value out of the SQL text', () => {
    const evil = "NIFTY'); DROP TABLE commentary; --";
    const { rows, count } = readSql(parse('commentary', new URLSearchParams([['index', `eq.${evil}`], ['sentiment', 'in.("a\'b",c)']]).toString()));
    expect(rows.sql).not.toContain('DROP');
    expect(rows.sql).not.toContain("a'b");
    expect(rows.params).toEqual([evil, ["a'b", 'c'], maxRows, 0]);
    expect(count.params).toEqual([evil, ["a'b", 'c']]);
  });

  it('refuses control characters in values', () => {
    expect(refusal('commentary', 'index=eq.NIF%00TY').body.code).toBe('PGRST100');
  });
});

describe('headers', () => {
  it('reads Prefer: count=exact (and planned or estimated, answered exactly) among other preferences', () => {
    expect(parse('commentary', '', { prefer: 'count=exact' }).count).toBe(true);
    expect(parse('commentary', '', { prefer: 'return=minimal, count=planned' }).count).toBe(true);
    expect(parse('commentary', '', { prefer: ['tx=rollback', 'count=estimated'] }).count).toBe(true);
    expect(parse('commentary', '', { prefer: 'count=none' }).count).toBe(false);
  });

  it('answers one object for application/vnd.pgrst.object+json, and refuses media types it cannot give', () => {
    expect(parse('index_config', '', { accept: 'application/vnd.pgrst.object+json' }).single).toBe(true);
    expect(parse('index_config', '', { accept: 'application/json, text/plain, */*' }).single).toBe(false);
    const refused = refusal('index_config', '', { accept: 'text/csv' });
    expect(refused.status).toBe(406);
    expect(refused.body.code).toBe('PGRST107');
  });

  it('writes Content-Range as PostgREST does', () => {
    expect(contentRange(0, 10, null)).toBe('0-9/*');
    expect(contentRange(20, 5, 25)).toBe('20-24/25');
    expect(contentRange(0, 0, 0)).toBe('*/0');
    expect(contentRange(0, 0, null)).toBe('*/*');
  });
});

describe('the allow-list follows openapi/analytics.yaml', () => {
  type Schema = { properties?: Record<string, unknown>; required?: string[] };
  const doc = parseContractYaml(readFileSync(join(repoRoot, 'openapi/analytics.yaml'), 'utf8'), 'openapi/analytics.yaml') as {
    paths: Record<string, { get?: { parameters: ({ $ref: string } | { name: string })[]; responses: Record<string, { content?: Record<string, { schema: { items: { $ref: string } } }> }> } }>;
    components: { schemas: Record<string, Schema>; parameters: Record<string, { name: string }> };
  };
  const reserved = new Set(['select', 'order', 'limit', 'offset']);

  it.each(Object.keys(analyticsTables))('%s: the same columns as the row schema and the same filters as the path', (table) => {
    const get = doc.paths[`/rest/v1/${table}`]?.get;
    expect(get).toBeDefined();
    const ref = get!.responses['200']!.content!['application/json']!.schema.items.$ref;
    const schema = doc.components.schemas[ref.split('/').pop()!]!;
    expect(Object.keys(analyticsTables[table]!.columns).sort()).toEqual(Object.keys(schema.properties ?? {}).sort());
    // Every column is required but the coded texts (*_i18n) and `sample`, which another backend may leave out
    // (the app then shows the plain text, and reads the row as no sample).
    expect([...(schema.required ?? [])].sort()).toEqual(Object.keys(schema.properties ?? {}).filter((name) => !name.endsWith('_i18n') && name !== 'sample').sort());
    const names = get!.parameters.map((parameter) => ('$ref' in parameter ? doc.components.parameters[parameter.$ref.split('/').pop()!]!.name : parameter.name));
    expect([...analyticsTables[table]!.filterable].sort()).toEqual(names.filter((name) => !reserved.has(name)).sort());
  });

  it('covers every table path of the contract', () => {
    const tables = Object.keys(doc.paths).filter((path) => path.startsWith('/rest/v1/')).map((path) => path.slice('/rest/v1/'.length));
    expect(tables.sort()).toEqual(Object.keys(analyticsTables).sort());
  });
});
