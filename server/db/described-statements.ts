// Named statements executed without asking PostgreSQL to describe their rows again (issue 37: the CPU an
// order costs). pg 8 sends a Describe with every execution of a statement, prepared or not: PostgreSQL
// answers each with the whole row description (every column's name, table, type, size, format), and pg
// parses it and looks a parser up for each column, at every statement an order makes. A named statement's
// rows have the same shape at every execution on its connection (PostgreSQL refuses to run it otherwise:
// "cached plan must not change result type"), so the shape is kept per connection from its first execution,
// and the later ones go out as Bind, Execute and Sync alone, their rows read with the shape kept.
// This reaches into pg's Query (pinned by the lockfile); tests/server/db/described-statements.test.ts holds
// the rows it reads equal to pg's own, types, nulls and failures included, pipelined as the server sends them.
import { createRequire } from 'node:module';
import pg from 'pg';

/** pg's value serialiser, which its own Query binds parameters with (not in pg's types nor its ESM entry). */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as { prepareValue: (value: unknown) => unknown };

type Field = { name: string; dataTypeID: number; format?: string };
type Shape = { fields: Field[]; parsers: unknown[] | undefined; empty: Record<string, null> | null };

/** The parts of pg's Connection and Query this uses (not in pg's types). */
type Wire = {
  parsedStatements: Record<string, string | undefined>;
  bind(config: { portal: string; statement: string; values: unknown[] | undefined; binary: boolean | undefined; valueMapper: (value: unknown) => unknown }): void;
  execute(config: { portal: string; rows: number | undefined }): void;
  sync(): void;
};
type QueryInternals = {
  name: string | undefined;
  portal: string;
  values: unknown[] | undefined;
  binary: boolean | undefined;
  rows: number | undefined;
  _accumulateRows: boolean;
  _result: { fields: Field[]; _parsers: unknown[] | undefined; _prebuiltEmptyResultObject: Record<string, null> | null };
};
type QueryMethods = {
  prepare(connection: Wire): void;
  handleRowDescription(msg: { fields: Field[] }): void;
  handleError(error: unknown, connection: Wire): void;
};

/** Each connection's statements whose row shape it has read, by name. */
const shapes = new WeakMap<Wire, Map<string, Shape>>();

const Base = pg.Query as unknown as new (config: pg.QueryConfig) => QueryMethods & QueryInternals;

class DescribedQuery extends Base {
  private wire: Wire | undefined;

  override prepare(connection: Wire): void {
    this.wire = connection;
    const name = this.name;
    const shape = name === undefined ? undefined : shapes.get(connection)?.get(name);
    // Described once on this connection, and still parsed there: executed without a Describe.
    if (name === undefined || shape === undefined || connection.parsedStatements[name] === undefined || this.rows !== undefined) {
      super.prepare(connection);
      return;
    }
    try {
      connection.bind({ portal: this.portal, statement: name, values: this.values, binary: this.binary, valueMapper: prepareValue });
    } catch (error) {
      // A value pg cannot send: nothing went out but the Sync, which ends the query as pg's own path does.
      connection.sync();
      this.handleError(error, connection);
      return;
    }
    const result = this._result;
    result.fields = shape.fields;
    result._parsers = shape.parsers;
    result._prebuiltEmptyResultObject = shape.empty;
    this._accumulateRows = true;
    connection.execute({ portal: this.portal, rows: undefined });
    connection.sync();
  }

  override handleRowDescription(msg: { fields: Field[] }): void {
    super.handleRowDescription(msg);
    if (this.name === undefined || this.wire === undefined) return;
    let known = shapes.get(this.wire);
    if (known === undefined) shapes.set(this.wire, (known = new Map()));
    const result = this._result;
    known.set(this.name, { fields: result.fields, parsers: result._parsers, empty: result._prebuiltEmptyResultObject });
  }

  override handleError(error: unknown, connection: Wire): void {
    // Whatever went wrong (a changed table among others), the next execution describes its rows again.
    if (this.name !== undefined && this.wire !== undefined) shapes.get(this.wire)?.delete(this.name);
    super.handleError(error, connection);
  }
}

type Target = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

/** `text` as the named statement `name` on `target` (a pool or a client), its rows' shape described once a connection. */
export function describedQuery(target: Target, name: string, text: string, values: unknown[]): Promise<{ rows: unknown[] }> {
  return new Promise((resolve, reject) => {
    const query = new DescribedQuery({ name, text, values }) as unknown as pg.Submittable;
    (target.query as (query: pg.Submittable, values: undefined, callback: (error: Error | undefined, result: { rows: unknown[] }) => void) => void)(
      query,
      undefined,
      (error, result) => (error === undefined || error === null ? resolve(result) : reject(error)),
    );
  });
}
