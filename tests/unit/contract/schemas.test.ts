// @vitest-environment node
// The contracts' schemas as a server validates with them: every schema compiles under Ajv (draft
// 2020-12, formats, strict), every example in the documents is valid, and the rules that protect
// traders (closed bodies, order price rules, write-only secrets, limits) really hold.
import { describe, expect, it } from 'vitest';
import {
  createAjv,
  deref,
  escapePointer,
  isRecord,
  loadDocument,
  walk,
  type ApiDocument,
  type Json,
} from './openapi-docs.ts';

const main = loadDocument('main');
const analytics = loadDocument('analytics');

/** Pointers of every schema site: component schemas, and each `schema` of parameters, bodies, answers, headers. */
function schemaSites(api: ApiDocument): string[] {
  const sites: string[] = [];
  const components = isRecord(api.doc.components) ? api.doc.components : {};
  const schemas = isRecord(components.schemas) ? components.schemas : {};
  for (const name of Object.keys(schemas)) sites.push(`#/components/schemas/${escapePointer(name)}`);
  const outside = { paths: api.doc.paths, components: { ...components, schemas: {} } };
  walk(outside, (node, pointer) => {
    if (isRecord(node) && isRecord(node.schema)) sites.push(`${pointer}/schema`);
  });
  return sites;
}

/** Schema nodes inside the component schemas, reached only through schema keywords (never into examples). */
function schemaNodes(node: unknown, pointer: string, visit: (schema: Json, pointer: string) => void): void {
  if (!isRecord(node)) return;
  visit(node, pointer);
  for (const key of ['properties', 'patternProperties'] as const) {
    const children = node[key];
    if (isRecord(children)) {
      for (const [name, child] of Object.entries(children)) {
        schemaNodes(child, `${pointer}/${key}/${escapePointer(name)}`, visit);
      }
    }
  }
  for (const key of ['items', 'additionalProperties', 'propertyNames', 'if', 'then', 'else', 'not'] as const) {
    schemaNodes(node[key], `${pointer}/${key}`, visit);
  }
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const branches = node[key];
    if (Array.isArray(branches)) branches.forEach((branch, index) => schemaNodes(branch, `${pointer}/${key}/${index}`, visit));
  }
}

describe.each([main, analytics])('$file schemas', (api) => {
  const { ajv, id } = createAjv(api);

  it('all compile under Ajv (draft 2020-12, strict, with formats)', () => {
    const sites = schemaSites(api);
    expect(sites.length).toBeGreaterThan(20);
    for (const site of sites) {
      expect(() => ajv.compile({ $ref: `${id}${site}` }), site).not.toThrow();
    }
  });

  it('accept every example the document gives', () => {
    const components = isRecord(api.doc.components) ? api.doc.components : {};
    const schemas = isRecord(components.schemas) ? components.schemas : {};
    let checked = 0;
    for (const [name, schema] of Object.entries(schemas)) {
      schemaNodes(schema, `#/components/schemas/${escapePointer(name)}`, (node, pointer) => {
        if (!Array.isArray(node.examples)) return;
        const validate = ajv.compile({ $ref: `${id}${pointer}` });
        for (const example of node.examples) {
          checked++;
          expect(validate(example), `${pointer}: ${JSON.stringify(example)} ${ajv.errorsText(validate.errors)}`).toBe(true);
        }
      });
    }
    // Media-type examples (error answers) and named parameter examples.
    walk({ paths: api.doc.paths, components: { ...components, schemas: {} } }, (node) => {
      if (!isRecord(node) || node.schema === undefined) return;
      const validate = ajv.compile(resolveForAjv(api, id, node.schema));
      const samples = [
        ...(node.example !== undefined ? [node.example] : []),
        ...Object.values(isRecord(node.examples) ? node.examples : {}).map((entry) => deref(api.doc, entry)).filter(isRecord).map((entry) => entry.value),
      ];
      for (const sample of samples) {
        checked++;
        expect(validate(sample), `${JSON.stringify(sample)} ${ajv.errorsText(validate.errors)}`).toBe(true);
      }
    });
    expect(checked).toBeGreaterThan(10);
  });
});

/** A schema found outside components, made compilable: its local refs point into the registered document. */
function resolveForAjv(api: ApiDocument, id: string, schema: unknown): object {
  const copy: unknown = JSON.parse(JSON.stringify(schema));
  walk(copy, (node) => {
    if (isRecord(node) && typeof node.$ref === 'string' && node.$ref.startsWith('#/')) node.$ref = `${id}${node.$ref}`;
  });
  return isRecord(copy) ? copy : { const: api.name };
}

describe('main.yaml validation rules', () => {
  const { ajv, id } = createAjv(main);
  const valid = (schema: string, value: unknown): boolean => {
    const validate = ajv.getSchema(`${id}#/components/schemas/${schema}`);
    if (validate === undefined) throw new Error(`no schema ${schema}`);
    return validate(value) === true;
  };
  const order = { tradingsymbol: 'NIFTY25JAN23500CE', exchange: 'NFO', transaction_type: 'SELL', product: 'MIS', quantity: 65 };

  it('registers with email, an 8–128 character password and an Indian mobile, nothing else', () => {
    const register = { email: 'asha@example.in', password: 'long enough', name: 'Asha', mobile: '9876543210' };
    expect(valid('RegisterRequest', register)).toBe(true);
    expect(valid('RegisterRequest', { ...register, mobile: '+919876543210' })).toBe(true);
    expect(valid('RegisterRequest', { ...register, is_admin: true })).toBe(false);
    expect(valid('RegisterRequest', { ...register, mobile: '5876543210' })).toBe(false);
    expect(valid('RegisterRequest', { ...register, mobile: '+4915112345678' })).toBe(false);
    expect(valid('RegisterRequest', { ...register, password: 'short' })).toBe(false);
    expect(valid('RegisterRequest', { ...register, email: 'not-an-email' })).toBe(false);
    expect(valid('ProfileUpdateRequest', {})).toBe(false);
    expect(valid('ProfileUpdateRequest', { email: 'new@example.in' })).toBe(false);
  });

  it('rejects an account answer that carries api_secret', () => {
    const account = {
      id: 1, broker: 'paper', name: 'Main', account_number: 'PA1234', api_key: 'key', capital: 500000,
      is_logged_in: false, session_expires_at: null,
    };
    expect(valid('BrokerAccount', account)).toBe(true);
    expect(valid('BrokerAccount', { ...account, api_secret: 'leak' })).toBe(false);
  });

  it('asks each order type for exactly the prices it needs', () => {
    expect(valid('OrderRequest', { ...order, order_type: 'MARKET' })).toBe(true);
    expect(valid('OrderRequest', { ...order, order_type: 'LIMIT' })).toBe(false);
    expect(valid('OrderRequest', { ...order, order_type: 'LIMIT', price: 142.35 })).toBe(true);
    expect(valid('OrderRequest', { ...order, order_type: 'SL', price: 150 })).toBe(false);
    expect(valid('OrderRequest', { ...order, order_type: 'SL', price: 150, trigger_price: 149 })).toBe(true);
    expect(valid('OrderRequest', { ...order, order_type: 'SL-M' })).toBe(false);
    expect(valid('OrderRequest', { ...order, order_type: 'SL-M', trigger_price: 149 })).toBe(true);
    expect(valid('OrderRequest', { ...order, order_type: 'MARKET', quantity: 0 })).toBe(false);
  });

  it('places 1 to 20 orders per basket', () => {
    const basket = (count: number) => ({
      account_number: 'PA1234',
      orders: Array.from({ length: count }, () => ({ ...order, order_type: 'MARKET' })),
    });
    expect(valid('PlaceTradesRequest', basket(0))).toBe(false);
    expect(valid('PlaceTradesRequest', basket(1))).toBe(true);
    expect(valid('PlaceTradesRequest', basket(20))).toBe(true);
    expect(valid('PlaceTradesRequest', basket(21))).toBe(false);
  });

  it('tells an open from a square-off in execute_order', () => {
    const base = { account_number: 'PA1234', tradingsymbol: 'NIFTY25JAN23500CE', exchange: 'NFO', product: 'MIS' };
    expect(valid('ExecuteOrderRequest', { ...base, action: 'squareoff' })).toBe(true);
    expect(valid('ExecuteOrderRequest', { ...base, action: 'open', transaction_type: 'BUY', order_type: 'MARKET', quantity: 65 })).toBe(true);
    expect(valid('ExecuteOrderRequest', { ...base, action: 'open' })).toBe(false);
    expect(valid('ExecuteOrderRequest', { ...base, action: 'close' })).toBe(false);
  });

  it('keeps daily bot times and weekdays in shape', () => {
    const bot = {
      portfolio_id: 1, name: 'Expiry straddle', base_strategy: 1, underlying: 'NIFTY', lots: 1, stop_loss_pct: 25,
      target_pct: 50, params: {}, entry_time: '09:20', exit_time: '15:10', weekdays: [2],
    };
    expect(valid('DailyBotCreate', bot)).toBe(true);
    expect(valid('DailyBotCreate', { ...bot, entry_time: '9:20' })).toBe(false);
    expect(valid('DailyBotCreate', { ...bot, weekdays: [6] })).toBe(false);
    expect(valid('DailyBotCreate', { ...bot, weekdays: [2, 2] })).toBe(false);
    expect(valid('DailyBotCreate', { ...bot, weekdays: [] })).toBe(false);
    expect(valid('DailyBotCreate', { ...bot, lots: 0 })).toBe(false);
    expect(valid('DailyBotUpdate', { status: 'paused' })).toBe(true);
    expect(valid('DailyBotUpdate', { status: 'sleeping' })).toBe(false);
    // The bot sent back as answered: its own id and portfolio are accepted (the server checks they are its own).
    expect(valid('DailyBotUpdate', { id: 7, portfolio_id: 2, status: 'paused' })).toBe(true);
    expect(valid('DailyBotUpdate', { portfolio_id: 0 })).toBe(false);
  });

  it('accepts only well-formed idempotency keys', () => {
    const validate = ajv.compile({ $ref: `${id}#/components/parameters/IdempotencyKey/schema` });
    expect(validate('0b6f2a4e-6c1d-4c36-9d0e-5f8f4c1e2a77')).toBe(true);
    expect(validate('short')).toBe(false);
    expect(validate('x'.repeat(129))).toBe(false);
    expect(validate('has spaces in it')).toBe(false);
  });
});

describe('analytics.yaml validation rules', () => {
  const { ajv, id } = createAjv(analytics);
  const check = (pointer: string, value: unknown): boolean => ajv.compile({ $ref: `${id}${pointer}` })(value) === true;

  it('takes the PostgREST filters and orders the PWA sends', () => {
    for (const filter of ['is.null', 'eq.screener', 'in.(NIFTY,SENSEX)', 'not.is.null', 'gte.2025-01-01']) {
      expect(check('#/components/schemas/Filter', filter), filter).toBe(true);
    }
    expect(check('#/components/schemas/Filter', 'screener')).toBe(false);
    expect(check('#/components/parameters/Order/schema', 'created_at.desc')).toBe(true);
    expect(check('#/components/parameters/Order/schema', 'display_order')).toBe(true);
    expect(check('#/components/parameters/Order/schema', 'created_at desc')).toBe(false);
  });

  it('asks market_data for 1 to 500 distinct instruments', () => {
    const request = (instruments: string[]) => ({ instruments });
    const many = Array.from({ length: 501 }, (_, index) => `NFO:NIFTY25JAN${20000 + index * 50}CE`);
    expect(check('#/components/schemas/MarketDataRequest', request(['NSE:NIFTY 50']))).toBe(true);
    expect(check('#/components/schemas/MarketDataRequest', request([]))).toBe(false);
    expect(check('#/components/schemas/MarketDataRequest', request(many))).toBe(false);
    expect(check('#/components/schemas/MarketDataRequest', request(['NIFTY']))).toBe(false);
    expect(check('#/components/schemas/MarketDataRequest', request(['NSE:NIFTY 50', 'NSE:NIFTY 50']))).toBe(false);
  });
});
