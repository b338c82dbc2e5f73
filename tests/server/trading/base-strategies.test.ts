// The base-strategy catalogue the PWA renders bot forms from: every strategy the product promises, each
// with a usable JSON Schema (draft 2020-12) whose fields carry a title, a description, a type and a default.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseStrategyCatalogue } from '../../../server/services/strategies/catalogue.ts';
import { enabledWhenKeyword } from '../../../server/services/strategies/param-fields.ts';
import { syncBaseStrategies } from '../../../server/services/strategies/strategies-service.ts';
import { signedInAccount } from '../support/accounts.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { baseStrategies, guardedClient, type BaseStrategy } from '../support/trading.ts';

type Field = {
  title?: unknown;
  description?: unknown;
  type?: unknown;
  default?: unknown;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  [enabledWhenKeyword]?: Record<string, unknown[]>;
};

let server: TestServer;
let call: ContractCall;
let catalogue: Map<string, BaseStrategy>;

beforeAll(async () => {
  server = await startTestServer();
  call = guardedClient(server.app);
  catalogue = await baseStrategies(call, (await signedInAccount(call)).token);
});

afterAll(async () => {
  await server.close();
});

describe('GET /api/base_strategies/base_strategies/', () => {
  it('lists the promised strategies in a stable order', () => {
    expect([...catalogue.keys()]).toEqual([
      'short_straddle',
      'short_strangle',
      'iron_condor',
      'iron_butterfly',
      'bull_call_spread',
      'bear_put_spread',
      'long_straddle',
      'covered_call',
      'protective_put',
      'trend_option_buyer',
    ]);
    for (const strategy of catalogue.values()) {
      expect(strategy.name.length).toBeGreaterThan(3);
      expect(strategy.description.length).toBeGreaterThan(20);
    }
  });

  it('answers each schema\'s parameters in the order the catalogue wrote them (the form follows it)', () => {
    for (const entry of baseStrategyCatalogue) {
      const served = catalogue.get(entry.slug)?.parameters as { properties?: object } | undefined;
      const written = entry.parameters as { properties?: object };
      expect(Object.keys(served?.properties ?? {}), entry.slug).toEqual(Object.keys(written.properties ?? {}));
    }
  });

  it('gives each a strict draft 2020-12 object schema the PWA can render field by field', () => {
    const ajv = new Ajv2020({ strict: true, useDefaults: true });
    ajv.addKeyword({ keyword: enabledWhenKeyword, schemaType: 'object' });
    for (const strategy of catalogue.values()) {
      const schema = strategy.parameters as { $schema?: string; type?: string; additionalProperties?: boolean; properties?: Record<string, Field> };
      expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(schema.type).toBe('object');
      expect(schema.additionalProperties).toBe(false);
      const fields = Object.entries(schema.properties ?? {});
      expect(fields.length, strategy.slug).toBeGreaterThan(0);
      for (const [name, field] of fields) {
        expect(name).toMatch(/^[a-z][a-z0-9_]*$/);
        expect(typeof field.title, `${strategy.slug}.${name}`).toBe('string');
        expect(typeof field.description, `${strategy.slug}.${name}`).toBe('string');
        expect(['integer', 'number', 'boolean', 'string']).toContain(field.type);
        expect(field.default, `${strategy.slug}.${name} default`).toBeDefined();
        if (field.enum !== undefined) expect(field.enum).toContain(field.default);
        if (field.minimum !== undefined) expect(Number(field.default)).toBeGreaterThanOrEqual(field.minimum);
        if (field.maximum !== undefined) expect(Number(field.default)).toBeLessThanOrEqual(field.maximum);
      }
      // The defaults alone make a valid set of params.
      const validate = ajv.compile(schema);
      const params = {};
      expect(validate(params), `${strategy.slug}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      expect(Object.keys(params).sort()).toEqual(fields.map(([name]) => name).sort());
    }
  });

  it('offers the rules traders expect: strike offset, wing width, re-entry and a trailing stop-loss', () => {
    const fieldsOf = (slug: string) => Object.keys((catalogue.get(slug)?.parameters as { properties: object }).properties);
    expect(fieldsOf('short_straddle')).toEqual(expect.arrayContaining(['strike_offset', 're_entry', 'max_re_entries', 'trailing_sl', 'leg_stop_loss_pct']));
    expect(fieldsOf('iron_condor')).toEqual(expect.arrayContaining(['call_distance', 'put_distance', 'wing_width']));
    expect(fieldsOf('bull_call_spread')).toEqual(expect.arrayContaining(['strike_offset', 'spread_width']));
    expect(fieldsOf('trend_option_buyer')).toEqual(expect.arrayContaining(['indicator', 'timeframe_minutes', 'max_trades_per_day', 'trailing_sl']));
  });

  it('says which fields only matter while another parameter holds certain values, naming values it can hold', () => {
    const dependent = new Map<string, Record<string, unknown[]>>();
    for (const strategy of catalogue.values()) {
      const properties = (strategy.parameters as { properties: Record<string, Field> }).properties;
      for (const [name, field] of Object.entries(properties)) {
        const condition = field[enabledWhenKeyword];
        if (condition === undefined) continue;
        dependent.set(`${strategy.slug}.${name}`, condition);
        for (const [other, values] of Object.entries(condition)) {
          const controller = properties[other];
          expect(controller, `${strategy.slug}.${name} depends on ${other}`).toBeDefined();
          const possible = controller?.type === 'boolean' ? [true, false] : (controller?.enum ?? []);
          expect(values.length).toBeGreaterThan(0);
          for (const value of values) expect(possible, `${strategy.slug}.${name}`).toContain(value);
        }
      }
    }
    expect(dependent.get('short_straddle.trail_step_pct')).toEqual({ trailing_sl: [true] });
    expect(dependent.get('short_straddle.trail_trigger_pct')).toEqual({ trailing_sl: [true] });
    expect(dependent.get('short_straddle.max_re_entries')).toEqual({ re_entry: ['same_strike', 'new_atm'] });
    expect(dependent.get('trend_option_buyer.fast_ema')).toEqual({ indicator: ['ema_crossover'] });
    expect(dependent.get('trend_option_buyer.supertrend_period')).toEqual({ indicator: ['supertrend'] });
  });

  it('keeps ids stable when the catalogue is written again at the next start', async () => {
    await syncBaseStrategies(server.db);
    const again = await baseStrategies(call, (await signedInAccount(call)).token);
    expect([...again.values()].map((strategy) => strategy.id)).toEqual([...catalogue.values()].map((strategy) => strategy.id));
  });
});
