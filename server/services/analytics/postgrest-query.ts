// A strict parser for the PostgREST query subset the analytics contract promises (openapi/analytics.yaml),
// and the SQL it becomes. Pure: no database, no HTTP. Every table, column and operator must be in the
// allow-list (tables.ts); every value becomes a bound parameter; identifiers in the SQL come only from the
// allow-list, never from the request. Whatever falls outside is refused with a PostgREST-shaped error that
// says what was wrong, using PostgREST's own codes where it has one (PGRST100 for a query it cannot parse,
// 42703 for an unknown column).
import { analyticsTables, maxRows, type ColumnType, type TableSpec } from './tables.ts';

export type PostgrestErrorBody = { message: string; code: string; details: string | null; hint: string | null };

export class PostgrestRefusal extends Error {
  override name = 'PostgrestRefusal';
  readonly status: number;
  readonly body: PostgrestErrorBody;

  constructor(status: number, code: string, message: string, details: string | null = null, hint: string | null = null) {
    super(message);
    this.status = status;
    this.body = { message, code, details, hint };
  }
}

export const comparisonOperators = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte'] as const;
type Comparison = (typeof comparisonOperators)[number];
const supportedOperators = [...comparisonOperators, 'in', 'is'] as const;
/** PostgREST operators outside the contract: named in the refusal, so the caller knows why. */
const otherPostgrestOperators = new Set(['like', 'ilike', 'match', 'imatch', 'fts', 'plfts', 'phfts', 'wfts', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj', 'isdistinct']);
const reservedParameters = new Set(['select', 'order', 'limit', 'offset']);
/** PostgREST's logic trees and write-only parameters: valid PostgREST, but not part of this API. */
const unsupportedParameters = new Set(['or', 'and', 'not', 'columns', 'on_conflict']);

export type Filter =
  | { column: string; negated: boolean; operator: Comparison; value: string }
  | { column: string; negated: boolean; operator: 'in'; values: string[] }
  | { column: string; negated: boolean; operator: 'is'; value: 'null' };

export type OrderTerm = { column: string; descending: boolean; nulls: 'first' | 'last' | null };

export type ReadQuery = {
  table: string;
  spec: TableSpec;
  columns: string[];
  filters: Filter[];
  order: OrderTerm[];
  limit: number;
  offset: number;
  /** `Prefer: count=exact` (planned and estimated are answered exactly too). */
  count: boolean;
  /** `Accept: application/vnd.pgrst.object+json`: one object instead of an array. */
  single: boolean;
};

export type ReadHeaders = { prefer?: string | string[] | undefined; accept?: string | undefined };

const identifier = /^[a-z_][a-z0-9_]*$/;
/** Echoes a piece of the request in a message without letting it run on. */
const quoteBack = (text: string) => JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);

function parseError(message: string, details: string | null = null, hint: string | null = null): PostgrestRefusal {
  return new PostgrestRefusal(400, 'PGRST100', message, details, hint);
}

function tableSpec(table: string): TableSpec {
  const spec = Object.hasOwn(analyticsTables, table) ? analyticsTables[table] : undefined;
  if (spec === undefined) {
    throw new PostgrestRefusal(400, 'PGRST205', `Could not find the table ${quoteBack(table)}`, null, `The analytics tables are ${Object.keys(analyticsTables).join(', ')}.`);
  }
  return spec;
}

function columnOf(table: string, spec: TableSpec, name: string): string {
  if (!identifier.test(name) || !Object.hasOwn(spec.columns, name)) {
    throw new PostgrestRefusal(400, '42703', `column ${table}.${name.length > 60 ? `${name.slice(0, 60)}…` : name} does not exist`, null, `${table} has the columns ${Object.keys(spec.columns).join(', ')}.`);
  }
  return name;
}

function parseSelect(table: string, spec: TableSpec, raw: string): string[] {
  if (raw === '') throw parseError('failed to parse select parameter (): name at least one column, or *');
  const columns: string[] = [];
  for (const item of raw.split(',')) {
    const name = item.trim();
    if (name === '*') {
      columns.push(...Object.keys(spec.columns));
      continue;
    }
    if (!identifier.test(name)) {
      throw parseError(`failed to parse select parameter (${raw.slice(0, 80)})`, `${quoteBack(name)} is not a column name`, 'select takes * or column names separated by commas: no aliases, casts, JSON paths or embedded tables.');
    }
    columns.push(columnOf(table, spec, name));
  }
  return [...new Set(columns)];
}

function parseOrder(table: string, spec: TableSpec, raw: string): OrderTerm[] {
  return raw.split(',').map((term) => {
    const [name = '', ...modifiers] = term.trim().split('.');
    if (!identifier.test(name)) {
      throw parseError(`failed to parse order (${raw.slice(0, 80)})`, `${quoteBack(term)} does not start with a column name`, 'order takes column.asc or column.desc, optionally followed by .nullsfirst or .nullslast, separated by commas.');
    }
    const column = columnOf(table, spec, name);
    if (spec.columns[column] === 'json') throw parseError(`${table} cannot be ordered by ${column}`, null, 'Order by a column holding a number, a text or a date.');
    let descending = false;
    let nulls: OrderTerm['nulls'] = null;
    let position = 0;
    if (modifiers[position] === 'asc' || modifiers[position] === 'desc') {
      descending = modifiers[position] === 'desc';
      position += 1;
    }
    if (modifiers[position] === 'nullsfirst' || modifiers[position] === 'nullslast') {
      nulls = modifiers[position] === 'nullsfirst' ? 'first' : 'last';
      position += 1;
    }
    if (position !== modifiers.length) {
      throw parseError(`failed to parse order (${raw.slice(0, 80)})`, `unexpected ${quoteBack(modifiers.slice(position).join('.'))} after ${column}`, 'order takes column.asc or column.desc, optionally followed by .nullsfirst or .nullslast.');
    }
    return { column, descending, nulls };
  });
}

function parseCount(name: 'limit' | 'offset', raw: string): number {
  if (!/^\d{1,15}$/.test(raw)) throw parseError(`${name} must be a whole number of 0 or more, got ${quoteBack(raw)}`);
  const value = Number(raw);
  if (name === 'limit' && value > maxRows) {
    throw parseError(`limit must be at most ${maxRows}, got ${raw}`, null, 'Read further rows page by page with offset.');
  }
  return value;
}

/**
 * The elements of `in.(…)` with PostgREST's quoting: an element is either bare (anything but a comma or a
 * closing parenthesis) or double-quoted, where a backslash takes the next character literally (so `\"` is a
 * quote and `\\` a backslash) and commas and parentheses are plain text. `in.()` is an empty list.
 */
export function parseInList(raw: string): string[] {
  if (!raw.startsWith('(') || !raw.endsWith(')')) {
    throw parseError(`failed to parse the list in.${raw.slice(0, 80)}`, null, 'Write in.(a,b,c); quote an element that holds a comma or a parenthesis: in.("a,b",c).');
  }
  const body = raw.slice(1, -1);
  if (body === '') return [];
  const values: string[] = [];
  let position = 0;
  for (;;) {
    let value = '';
    if (body[position] === '"') {
      position += 1;
      let closed = false;
      while (position < body.length) {
        const char = body[position]!;
        if (char === '\\' && position + 1 < body.length) {
          value += body[position + 1];
          position += 2;
        } else if (char === '"') {
          closed = true;
          position += 1;
          break;
        } else {
          value += char;
          position += 1;
        }
      }
      if (!closed) throw parseError(`failed to parse the list in.${raw.slice(0, 80)}`, 'a quoted element is not closed', 'End every quoted element with a double quote; write \\" for a quote inside it.');
      if (position < body.length && body[position] !== ',') {
        throw parseError(`failed to parse the list in.${raw.slice(0, 80)}`, 'a quoted element is followed by something other than a comma');
      }
    } else {
      const end = body.indexOf(',', position);
      value = body.slice(position, end === -1 ? body.length : end);
      if (value.includes(')') || value.includes('"')) {
        throw parseError(`failed to parse the list in.${raw.slice(0, 80)}`, `the element ${quoteBack(value)} must be quoted`, 'Quote an element that holds a parenthesis or a double quote: in.("a)b").');
      }
      position = end === -1 ? body.length : end;
    }
    values.push(value);
    if (position >= body.length) return values;
    position += 1; // the comma
    if (position === body.length) {
      values.push('');
      return values;
    }
  }
}

const datePattern = /^\d{4}-\d{2}-\d{2}$/;
const timestampPattern = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/;

/** Refuses a value the column could never equal, before the database sees it. */
function checkValue(table: string, column: string, type: ColumnType, value: string): void {
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u001f\u007f]/.test(value)) throw parseError(`the value for ${table}.${column} contains a control character`);
  const wrong = (expected: string) =>
    new PostgrestRefusal(400, '22P02', `invalid input for ${table}.${column}: ${quoteBack(value)} is not ${expected}`);
  switch (type) {
    case 'integer':
      if (!/^-?\d{1,18}$/.test(value)) throw wrong('a whole number');
      return;
    case 'number':
      if (!/^-?\d{1,15}(\.\d{1,10})?$/.test(value)) throw wrong('a number');
      return;
    case 'date':
      if (!datePattern.test(value) || Number.isNaN(Date.parse(value))) throw wrong('a date like 2026-01-16');
      return;
    case 'timestamptz':
      if (!timestampPattern.test(value) || Number.isNaN(Date.parse(value.replace(' ', 'T')))) {
        throw wrong('a date and time like 2026-01-16T09:15:00+05:30');
      }
      return;
    case 'text':
      if (value.length > 500) throw wrong('at most 500 characters');
      return;
    case 'boolean':
      if (value !== 'true' && value !== 'false') throw wrong('true or false');
      return;
    case 'json':
      throw parseError(`${table}.${column} cannot be filtered`);
  }
}

function parseFilter(table: string, spec: TableSpec, name: string, raw: string): Filter {
  const column = columnOf(table, spec, name);
  if (!spec.filterable.includes(column)) {
    throw parseError(`${table} cannot be filtered by ${column}`, null, `Filter ${table} by ${spec.filterable.join(', ')}.`);
  }
  const negated = raw.startsWith('not.');
  const rest = negated ? raw.slice(4) : raw;
  const dot = rest.indexOf('.');
  const operator = dot === -1 ? rest : rest.slice(0, dot);
  const value = dot === -1 ? null : rest.slice(dot + 1);
  const hint = `Write ${column}=[not.]operator.value with one of the operators ${supportedOperators.join(', ')}.`;
  if (!(supportedOperators as readonly string[]).includes(operator)) {
    const known = otherPostgrestOperators.has(operator.replace(/\(.*$/, ''));
    throw parseError(
      known ? `the operator ${operator.replace(/\(.*$/, '')} is not supported (filter ${table}.${column})` : `failed to parse filter (${raw.slice(0, 80)}) on ${table}.${column}`,
      null,
      hint,
    );
  }
  if (value === null) throw parseError(`failed to parse filter (${raw.slice(0, 80)}) on ${table}.${column}: the value is missing`, null, hint);
  const type = spec.columns[column]!;
  if (operator === 'is') {
    const lowered = value.toLowerCase();
    if (lowered === 'null') return { column, negated, operator, value: 'null' };
    if (lowered === 'true' || lowered === 'false') {
      throw new PostgrestRefusal(400, '42804', `argument of IS ${lowered.toUpperCase()} must be type boolean, not ${table}.${column}`, null, 'Only is.null applies to the analytics columns (none is a boolean).');
    }
    throw parseError(`failed to parse filter (${raw.slice(0, 80)}) on ${table}.${column}`, null, 'is takes null, true or false.');
  }
  if (operator === 'in') {
    const values = parseInList(value);
    for (const item of values) checkValue(table, column, type, item);
    return { column, negated, operator, values };
  }
  checkValue(table, column, type, value);
  return { column, negated, operator: operator as Comparison, value };
}

function wantsCount(prefer: ReadHeaders['prefer']): boolean {
  const values = Array.isArray(prefer) ? prefer : prefer === undefined ? [] : [prefer];
  return values
    .flatMap((value) => value.split(','))
    .some((token) => /^count=(exact|planned|estimated)$/.test(token.trim()));
}

/** Whether the caller asked for one object; refuses media types this API cannot answer (PostgREST's 406). */
function wantsSingle(accept: string | undefined): boolean {
  if (accept === undefined || accept.trim() === '') return false;
  const types = accept.split(',').map((part) => part.split(';')[0]!.trim().toLowerCase());
  if (types.includes('application/vnd.pgrst.object+json')) return true;
  if (types.some((type) => type === 'application/json' || type === '*/*' || type === 'application/*')) return false;
  throw new PostgrestRefusal(406, 'PGRST107', `None of these media types are available: ${accept.slice(0, 80)}`, null, 'Ask for application/json.');
}

/** Parses one read. `params` are the query's name-value pairs in order (repeated names are several filters). */
export function parseRead(table: string, params: readonly (readonly [string, string])[], headers: ReadHeaders = {}): ReadQuery {
  const spec = tableSpec(table);
  const seen = new Set<string>();
  const read: ReadQuery = {
    table,
    spec,
    columns: Object.keys(spec.columns),
    filters: [],
    order: [],
    limit: maxRows,
    offset: 0,
    count: wantsCount(headers.prefer),
    single: wantsSingle(headers.accept),
  };
  for (const [name, value] of params) {
    if (reservedParameters.has(name)) {
      if (seen.has(name)) throw parseError(`${name} is given twice`);
      seen.add(name);
      if (name === 'select') read.columns = parseSelect(table, spec, value);
      else if (name === 'order') read.order = parseOrder(table, spec, value);
      else read[name as 'limit' | 'offset'] = parseCount(name as 'limit' | 'offset', value);
    } else if (unsupportedParameters.has(name)) {
      throw parseError(`${name}= is not supported by this API`, null, 'Combine filters by giving several of them (they must all hold).');
    } else {
      read.filters.push(parseFilter(table, spec, name, value));
    }
  }
  return read;
}

const sqlTypes: Record<Exclude<ColumnType, 'json'>, string> = {
  integer: 'bigint',
  number: 'numeric',
  text: 'text',
  date: 'date',
  timestamptz: 'timestamptz',
  boolean: 'boolean',
};

const quoted = (column: string) => `"${column}"`;
const comparisonSql: Record<Comparison, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };

export type ReadSql = {
  /** One row: `body`, the JSON array of the page as text, and `rows`, how many it holds. */
  rows: { sql: string; params: unknown[] };
  /** One row, `total`: how many rows the filters match. */
  count: { sql: string; params: unknown[] };
};

/** The SQL of a parsed read: identifiers from the allow-list, every value a parameter. */
export function readSql(read: ReadQuery): ReadSql {
  const params: unknown[] = [];
  const bind = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const conditions = read.filters.map((filter) => {
    const type = read.spec.columns[filter.column] as Exclude<ColumnType, 'json'>;
    let condition: string;
    if (filter.operator === 'is') condition = `${quoted(filter.column)} IS NULL`;
    else if (filter.operator === 'in') condition = `${quoted(filter.column)} = ANY(${bind(filter.values)}::${sqlTypes[type]}[])`;
    else condition = `${quoted(filter.column)} ${comparisonSql[filter.operator]} ${bind(filter.value)}::${sqlTypes[type]}`;
    return filter.negated ? `NOT (${condition})` : condition;
  });
  const where = conditions.length === 0 ? '' : ` WHERE ${conditions.join(' AND ')}`;
  const filterParams = [...params];

  const named = new Set(read.order.map((term) => term.column));
  const terms = [
    ...read.order.map((term) => `${quoted(term.column)} ${term.descending ? 'DESC' : 'ASC'}${term.nulls === null ? '' : ` NULLS ${term.nulls.toUpperCase()}`}`),
    ...read.spec.defaultOrder.filter((term) => !named.has(term.column)).map((term) => `${quoted(term.column)} ${term.descending ? 'DESC' : 'ASC'}`),
  ];
  const columns = read.columns.map(quoted).join(', ');
  const page = `SELECT ${columns} FROM ${read.spec.relation}${where} ORDER BY ${terms.join(', ')} LIMIT ${bind(read.limit)} OFFSET ${bind(read.offset)}`;
  return {
    rows: { sql: `SELECT coalesce(json_agg(page), '[]'::json)::text AS body, count(*) AS rows FROM (${page}) AS page`, params },
    count: { sql: `SELECT count(*) AS total FROM ${read.spec.relation}${where}`, params: filterParams },
  };
}

/** PostgREST's Content-Range: `first-last/total`, `*` for an unknown total and for an empty page. */
export function contentRange(offset: number, rows: number, total: number | null): string {
  const range = rows === 0 ? '*' : `${offset}-${offset + rows - 1}`;
  return `${range}/${total === null ? '*' : total}`;
}
