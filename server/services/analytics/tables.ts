// The analytics tables the PostgREST-style read API may reach, as openapi/analytics.yaml names them: each
// table's columns (with the type a filter value is checked against), the columns it may be filtered by (the
// contract's query parameters) and the order rows come in when the request names none. Nothing outside
// this list can be read, filtered or ordered. tests/server/analytics/tables.test.ts holds it to the contract.

/** How a filter value is checked and bound: `json` columns can be selected but not filtered or ordered. */
export type ColumnType = 'integer' | 'number' | 'text' | 'date' | 'timestamptz' | 'boolean' | 'json';

export type TableSpec = {
  /** The relation read: a table, or a view over the market's own tables. */
  relation: string;
  columns: Readonly<Record<string, ColumnType>>;
  filterable: readonly string[];
  /** Used when no `order` is given, and appended after one that is, so pages never overlap. */
  defaultOrder: readonly { column: string; descending: boolean }[];
};

const desc = (column: string) => ({ column, descending: true });
const asc = (column: string) => ({ column, descending: false });

export const analyticsTables: Readonly<Record<string, TableSpec>> = {
  commentary: {
    relation: 'commentary',
    columns: { id: 'integer', created_at: 'timestamptz', title: 'text', body: 'text', index: 'text', sentiment: 'text', title_i18n: 'json', body_i18n: 'json', sample: 'boolean' },
    filterable: ['id', 'created_at', 'index', 'sentiment'],
    defaultOrder: [desc('created_at'), desc('id')],
  },
  data: {
    relation: 'data',
    columns: {
      id: 'integer',
      created_at: 'timestamptz',
      index: 'text',
      symbol: 'text',
      spot: 'number',
      change: 'number',
      change_pct: 'number',
      pcr: 'number',
      max_pain: 'number',
      iv: 'number',
      vix: 'number',
      call_oi: 'integer',
      put_oi: 'integer',
      indicator: 'text',
      signal: 'text',
      signal_i18n: 'json',
      sample: 'boolean',
    },
    filterable: ['id', 'created_at', 'index', 'indicator'],
    defaultOrder: [desc('created_at'), desc('id')],
  },
  daily_data: {
    relation: 'daily_data',
    columns: {
      id: 'integer',
      created_at: 'timestamptz',
      date: 'date',
      index: 'text',
      open: 'number',
      high: 'number',
      low: 'number',
      close: 'number',
      volume: 'integer',
      change: 'number',
      change_pct: 'number',
      pcr: 'number',
      max_pain: 'number',
      iv: 'number',
      vix: 'number',
      sample: 'boolean',
    },
    filterable: ['id', 'index', 'date'],
    defaultOrder: [desc('date'), asc('index'), desc('id')],
  },
  screener: {
    relation: 'screener',
    columns: {
      id: 'integer',
      display_order: 'integer',
      created_at: 'timestamptz',
      index: 'text',
      title: 'text',
      strategy: 'text',
      view: 'text',
      rationale: 'text',
      legs: 'json',
      max_profit: 'number',
      max_loss: 'number',
      breakevens: 'json',
      valid_until: 'timestamptz',
      title_i18n: 'json',
      rationale_i18n: 'json',
    },
    filterable: ['id', 'index'],
    defaultOrder: [asc('display_order'), asc('id')],
  },
  bots: {
    relation: 'bots',
    columns: {
      id: 'integer',
      name: 'text',
      strategy: 'text',
      underlying: 'text',
      description: 'text',
      name_i18n: 'json',
      description_i18n: 'json',
      capital: 'number',
      pnl: 'number',
      pnl_pct: 'number',
      win_rate: 'number',
      trades: 'integer',
      max_drawdown_pct: 'number',
      equity_curve: 'json',
      since: 'date',
      updated_at: 'timestamptz',
      sample: 'boolean',
    },
    filterable: ['id', 'underlying', 'strategy'],
    defaultOrder: [asc('id')],
  },
  index_config: {
    relation: 'analytics_index_config',
    columns: {
      id: 'integer',
      index: 'text',
      exchange: 'text',
      lot_size: 'integer',
      strike_step: 'number',
      freeze_quantity: 'integer',
      weekly_expiry_weekday: 'integer',
      monthly_expiry_weekday: 'integer',
      effective_from: 'date',
    },
    filterable: ['id', 'index', 'effective_from'],
    defaultOrder: [asc('index'), desc('effective_from'), asc('id')],
  },
  candles: {
    relation: 'analytics_candles',
    columns: { index: 'text', interval: 'text', time: 'timestamptz', open: 'number', high: 'number', low: 'number', close: 'number', volume: 'integer', sample: 'boolean' },
    filterable: ['index', 'interval', 'time'],
    defaultOrder: [desc('time'), asc('index'), asc('interval')],
  },
};

/** The most rows one read answers (the contract's `limit` maximum); a read without a limit gets this many. */
export const maxRows = 1000;
