// @vitest-environment node
// The API contracts' structure: fresh generated types, resolvable references, one operation per spec §7
// call, the conventions every client and the server rely on (operationIds, JSON answers, idempotency
// keys, closed request bodies, write-only secrets, error responses).
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { generateApiTypes } from '../../../scripts/gen-api.ts';
import {
  deref,
  isRecord,
  listOperations,
  loadDocument,
  walk,
  type ApiDocument,
  type Json,
  type Operation,
} from './openapi-docs.ts';

const documents = [loadDocument('main'), loadDocument('analytics')];
const main = documents[0]!;

/** Every call of spec §7 (plus sign-out, broker log-out and health), exactly: nothing missing, nothing extra. */
const expectedOperations: Record<ApiDocument['name'], string[]> = {
  main: [
    'GET /api/health/',
    'POST /api/market-history/imports/',
    'GET /api/market-history/imports/queue/',
    'POST /api/market-history/kite-candles/',
    'POST /api/market-history/upstox-candles/',
    'POST /api/market-history/broker-candles/',
    'GET /api/market-history/coverage/',
    'GET /api/market-history/participants/',
    'GET /api/market-history/open-interest/',
    'GET /api/market-history/open-interest/days/',
    'GET /api/market-history/iv/day/',
    'GET /api/market-history/iv/history/',
    'GET /api/market-history/iv/smile/',
    'GET /api/market-history/iv/first-open/',
    'GET /api/market-history/premium/',
    'GET /api/market-history/rollover/',
    'DELETE /api/market-history/days/',
    'POST /api/authenticate/register/',
    'POST /api/authenticate/login/',
    'POST /api/authenticate/logout/',
    'GET /api/profile/user/',
    'POST /api/profile/user/',
    'POST /api/profile/user/change_password/',
    'POST /api/profile/user/update_trade_default/',
    'GET /api/brokers/brokers/',
    'POST /api/backtests/',
    'POST /api/brokers/kite/postback/',
    'POST /api/brokers/upstox/postback/',
    'POST /api/brokers/dhan/postback/',
    'GET /api/accounts/account-compliance/{accountId}/',
    'GET /api/accounts/account-execution/{accountId}/',
    'PUT /api/accounts/account-execution/{accountId}/',
    'GET /api/accounts/all-accounts/',
    'POST /api/accounts/accounts/',
    'PUT /api/accounts/accounts/{id}/',
    'DELETE /api/accounts/accounts/{id}/',
    'POST /api/accounts/account-login-link/{accountId}/',
    'POST /api/accounts/account-login/{accountId}/',
    'POST /api/accounts/account-logout/{accountId}/',
    'GET /api/portfolios/all-portfolios/{accountId}/',
    'POST /api/portfolios/portfolios/',
    'PUT /api/portfolios/portfolios/{id}/',
    'DELETE /api/portfolios/portfolios/{id}/',
    'GET /api/portfolios/portfolios/{id}/protection/',
    'PUT /api/portfolios/portfolios/{id}/protection/',
    'DELETE /api/portfolios/portfolios/{id}/protection/',
    'GET /api/backtests/',
    'GET /api/backtests/{id}/',
    'GET /api/base_strategies/base_strategies/',
    'GET /api/trading_bots/trading_bots/{portfolioId}/',
    'POST /api/trading_bots/trading_bots/{portfolioId}/',
    'PUT /api/trading_bots/trading_bot/{id}/',
    'DELETE /api/trading_bots/trading_bot/{id}/',
    'GET /api/trading_bots/trading_bot/{id}/webhook/',
    'PUT /api/trading_bots/trading_bot/{id}/webhook/',
    'DELETE /api/trading_bots/trading_bot/{id}/webhook/',
    'POST /api/webhooks/{token}/',
    'GET /api/approvals/settings/{bot_kind}/{id}/',
    'PUT /api/approvals/settings/{bot_kind}/{id}/',
    'GET /api/approvals/proposals/',
    'POST /api/approvals/proposals/{id}/approve/',
    'POST /api/approvals/proposals/{id}/reject/',
    'POST /api/approvals/notification/',
    'GET /api/daily_bots/daily_bots/{portfolioId}/',
    'POST /api/daily_bots/daily_bots/{portfolioId}/',
    'PUT /api/daily_bots/daily_bot/{id}/',
    'DELETE /api/backtests/{id}/',
    'DELETE /api/daily_bots/daily_bot/{id}/',
    'GET /api/order-book/order-book/{accountNumber}',
    'POST /api/order-book/order-book/modify_order/',
    'POST /api/order-book/order-book/cancel_order/',
    'POST /api/order-book/order-book/place_trades/',
    'POST /api/order-book/order-book/execute_order/',
    'POST /api/order-book/order-book/squareoff_trades/',
    'POST /api/order-book/order-book/place_slorder/',
    'POST /api/order-book/order-book/place_targetorder/',
    'POST /api/order-book/margins/orders/',
    'POST /api/order-book/rolls/options/',
    'GET /api/kill-switch/',
    'POST /api/kill-switch/arm/',
    'POST /api/kill-switch/disarm/',
    'GET /api/risk-limits/{accountNumber}/',
    'PUT /api/risk-limits/{accountNumber}/',
    'GET /api/bots/state/{portfolioId}/',
    'GET /api/bots/runs/{kind}/{id}/',
    'GET /api/position/by-bot/{portfolioId}/',
    'GET /api/alerts/',
    'POST /api/alerts/read/',
    'GET /api/price-alerts/',
    'POST /api/price-alerts/',
    'DELETE /api/price-alerts/{id}/',
    'GET /api/condition-alerts/',
    'POST /api/condition-alerts/',
    'DELETE /api/condition-alerts/{id}/',
    'GET /api/push/',
    'PUT /api/push/devices/',
    'POST /api/push/devices/remove/',
    'POST /api/push/test/',
    'GET /api/position-book/position-book/{accountNumber}',
    'POST /api/position-book/holdings/{accountNumber}/orders/',
    'GET /api/market-depth/{accountNumber}/',
    'GET /api/position/position/{portfolioId}/',
    'GET /api/position/summary/{id}/',
    'GET /api/market/ban-list/',
    'GET /api/market/expiries/',
    'GET /api/market/facts/',
    'GET /api/market/underlyings/',
    'GET /api/market/instruments/',
    'POST /api/market/ban-list/',
    'POST /api/market/stream/',
    'GET /api/replays/days/',
    'GET /api/replays/',
    'POST /api/replays/',
    'GET /api/replays/{id}/',
    'DELETE /api/replays/{id}/',
    'POST /api/replays/{id}/seek/',
    'POST /api/replays/{id}/step/',
    'POST /api/replays/{id}/speed/',
    'POST /api/replays/{id}/reset/',
    'GET /api/replays/{id}/index/',
    'GET /api/replays/{id}/expiries/',
    'GET /api/replays/{id}/chain/',
    'GET /api/replays/{id}/candles/',
    'GET /api/replays/{id}/orders/',
    'POST /api/replays/{id}/orders/',
    'POST /api/replays/{id}/orders/cancel/',
    'POST /api/replays/{id}/orders/margins/',
    'GET /api/replays/{id}/positions/',
    'GET /api/replays/{id}/bot/',
    'POST /api/replays/{id}/bot/',
    'GET /api/replays/{id}/bot/report/',
    'POST /api/replays/{id}/bot/stop/',
  ],
  analytics: [
    'GET /rest/v1/commentary',
    'GET /rest/v1/data',
    'GET /rest/v1/daily_data',
    'GET /rest/v1/screener',
    'GET /rest/v1/bots',
    'GET /rest/v1/candles',
    'GET /rest/v1/index_config',
    'POST /functions/v1/market_data',
  ],
};

function label({ method, path }: Operation): string {
  return `${method.toUpperCase()} ${path}`;
}

function responsesOf(api: ApiDocument, operation: Operation): Record<string, Json> {
  const responses = isRecord(operation.operation.responses) ? operation.operation.responses : {};
  const resolved: Record<string, Json> = {};
  for (const [status, response] of Object.entries(responses)) {
    const value = deref(api.doc, response);
    if (isRecord(value)) resolved[status] = value;
  }
  return resolved;
}

function jsonSchemaOf(container: Json): unknown {
  const content = isRecord(container.content) ? container.content : {};
  const media = content['application/json'];
  return isRecord(media) ? media.schema : undefined;
}

/** Property names reachable from a schema through references, compositions, items and maps. */
function reachableProperties(doc: Json, schema: unknown, seen = new Set<unknown>()): Set<string> {
  const names = new Set<string>();
  const visit = (node: unknown): void => {
    const resolved = deref(doc, node);
    if (!isRecord(resolved) || seen.has(resolved)) return;
    seen.add(resolved);
    const properties = isRecord(resolved.properties) ? resolved.properties : {};
    for (const [name, child] of Object.entries(properties)) {
      names.add(name);
      visit(child);
    }
    for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
      const branches = resolved[key];
      if (Array.isArray(branches)) branches.forEach(visit);
    }
    visit(resolved.items);
    if (isRecord(resolved.additionalProperties)) visit(resolved.additionalProperties);
  };
  visit(schema);
  return names;
}

/** Object schemas in a request body that would accept unknown fields, as JSON-ish paths. */
function openObjects(doc: Json, schema: unknown, at: string, seen = new Set<unknown>()): string[] {
  const resolved = deref(doc, schema);
  if (!isRecord(resolved) || seen.has(resolved)) return [];
  seen.add(resolved);
  const problems: string[] = [];
  const types = Array.isArray(resolved.type) ? resolved.type : [resolved.type];
  const properties = isRecord(resolved.properties) ? resolved.properties : undefined;
  if (types.includes('object')) {
    // Named properties mean a closed record; a property-less object must say explicitly it is a free map.
    if (properties !== undefined && resolved.additionalProperties !== false) problems.push(at);
    if (properties === undefined && resolved.additionalProperties === undefined) problems.push(at);
  }
  for (const [name, child] of Object.entries(properties ?? {})) {
    problems.push(...openObjects(doc, child, `${at}.${name}`, seen));
  }
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
    const branches = resolved[key];
    if (Array.isArray(branches)) {
      branches.forEach((branch, index) => problems.push(...openObjects(doc, branch, `${at}/${key}/${index}`, seen)));
    }
  }
  if (resolved.items !== undefined) problems.push(...openObjects(doc, resolved.items, `${at}[]`, seen));
  return problems;
}

describe('generated API types', () => {
  it('are what `npm run gen:api` generates from the current contracts', async () => {
    const fresh = await generateApiTypes();
    expect(Object.keys(fresh).sort()).toEqual(['openapi/analytics.d.ts', 'openapi/main.d.ts']);
    for (const [file, contents] of Object.entries(fresh)) {
      const committed = await readFile(new URL(`../../../${file}`, import.meta.url), 'utf8');
      expect(committed === contents, `${file} is stale: run npm run gen:api`).toBe(true);
    }
  }, 30_000);
});

describe.each(documents)('$file', (api) => {
  const operations = listOperations(api.doc);

  it('is OpenAPI 3.1 with servers, tags and a security scheme', () => {
    expect(String(api.doc.openapi)).toMatch(/^3\.1\.\d+$/);
    expect(Array.isArray(api.doc.servers) && api.doc.servers.length).toBeGreaterThan(0);
    const components = isRecord(api.doc.components) ? api.doc.components : {};
    expect(Object.keys(isRecord(components.securitySchemes) ? components.securitySchemes : {})).toHaveLength(1);
  });

  it('resolves every $ref', () => {
    const broken: string[] = [];
    walk(api.doc, (node, pointer) => {
      if (isRecord(node) && typeof node.$ref === 'string' && deref(api.doc, node) === undefined) {
        broken.push(`${pointer} → ${node.$ref}`);
      }
    });
    expect(broken).toEqual([]);
  });

  it('has exactly the expected calls', () => {
    expect(operations.map(label).sort()).toEqual([...expectedOperations[api.name]].sort());
  });

  it('gives every operation a unique verb-noun camelCase operationId and a tag', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    for (const id of ids) expect(id).toMatch(/^(get|create|update|delete|login|logout|register|change|cancel|modify|place|execute|squareoff|arm|disarm|receive|import|seek|step|reset|approve|reject|decide|plan)[A-Z][A-Za-z]*$/);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { operation } of operations) expect(Array.isArray(operation.tags) && operation.tags.length).toBe(1);
  });

  it('answers every operation with a 2xx JSON schema (or the one event stream) and declares 500', () => {
    for (const operation of operations) {
      const responses = responsesOf(api, operation);
      const success = Object.entries(responses).filter(([status]) => /^2\d\d$/.test(status));
      expect(success.length, label(operation)).toBeGreaterThan(0);
      for (const [, response] of success) {
        const streams = label(operation) === 'POST /api/market/stream/';
        const content = isRecord(response.content) ? response.content : {};
        if (streams) expect(Object.keys(content), label(operation)).toEqual(['text/event-stream']);
        else expect(jsonSchemaOf(response), label(operation)).toBeDefined();
      }
      expect(responses['500'], label(operation)).toBeDefined();
    }
  });

  it('declares 401 on every authenticated operation, 400 wherever a body or parameter can be wrong', () => {
    for (const operation of operations) {
      const responses = responsesOf(api, operation);
      const isPublic = Array.isArray(operation.operation.security) && operation.operation.security.length === 0;
      if (!isPublic) expect(responses['401'], label(operation)).toBeDefined();
      if (operation.operation.requestBody !== undefined || operation.parameters.length > 0) {
        expect(responses['400'], label(operation)).toBeDefined();
      }
    }
  });

  it('closes every request body object (additionalProperties: false)', () => {
    for (const operation of operations) {
      const body = deref(api.doc, operation.operation.requestBody);
      if (!isRecord(body)) continue;
      expect(body.required, label(operation)).toBe(true);
      // A file upload (history imports) is bytes, not a JSON object: nothing to close.
      const media = Object.keys(isRecord(body.content) ? body.content : {});
      if (media.every((type) => type === 'multipart/form-data' || type === 'application/octet-stream')) continue;
      const schema = jsonSchemaOf(body);
      expect(schema, label(operation)).toBeDefined();
      expect(openObjects(api.doc, schema, label(operation))).toEqual([]);
    }
  });

  it('tells clients how long to wait on every 429', () => {
    for (const operation of operations) {
      const throttled = responsesOf(api, operation)['429'];
      if (throttled === undefined) continue;
      expect(isRecord(throttled.headers) && throttled.headers['Retry-After'], label(operation)).toBeTruthy();
    }
  });
});

describe('main.yaml trading rules', () => {
  const operations = listOperations(main.doc);

  it('requires an Idempotency-Key header (8–128 characters) on every trading POST', () => {
    const trading = operations.filter((op) => op.method === 'post' && op.path.startsWith('/api/order-book/order-book/'));
    expect(trading).toHaveLength(7);
    for (const operation of trading) {
      const key = operation.parameters.find((p) => p.in === 'header' && p.name === 'Idempotency-Key');
      expect(key, label(operation)).toBeDefined();
      expect(key?.required, label(operation)).toBe(true);
      expect(deref(main.doc, key?.schema)).toMatchObject({ type: 'string', minLength: 8, maxLength: 128 });
    }
  });

  it('never answers api_secret, and marks it write-only where it is accepted', () => {
    for (const operation of operations) {
      for (const [status, response] of Object.entries(responsesOf(main, operation))) {
        const names = reachableProperties(main.doc, jsonSchemaOf(response));
        expect(names.has('api_secret'), `${label(operation)} ${status}`).toBe(false);
      }
    }
    const create = deref(main.doc, { $ref: '#/components/schemas/BrokerAccountCreate' });
    const secret = isRecord(create) && isRecord(create.properties) ? deref(main.doc, create.properties.api_secret) : undefined;
    expect(secret).toMatchObject({ type: 'string', writeOnly: true });
  });

  it('keeps the field names later issues rely on', () => {
    const required = (name: string): unknown => {
      const schema = deref(main.doc, { $ref: `#/components/schemas/${name}` });
      return isRecord(schema) ? schema.required : undefined;
    };
    expect(required('User')).toEqual(['id', 'email', 'name', 'mobile', 'trade_defaults']);
    expect(required('LoginResponse')).toEqual(expect.arrayContaining(['user', 'token', 'message']));
    expect(required('RegisterResponse')).toEqual(['user', 'message', 'message_i18n']);
    expect(required('Broker')).toEqual(['id', 'name', 'display_name', 'capabilities']);
    expect(required('BrokerAccount')).toEqual(
      ['id', 'broker', 'name', 'account_number', 'api_key', 'capital', 'is_logged_in', 'session_expires_at'],
    );
    expect(required('Portfolio')).toEqual(['id', 'broker_account', 'name', 'description', 'capital']);
    expect(required('BaseStrategy')).toEqual(expect.arrayContaining(['id', 'name', 'description', 'parameters']));
    const bot = ['id', 'portfolio_id', 'name', 'base_strategy', 'underlying', 'lots', 'stop_loss_pct', 'target_pct', 'status', 'params'];
    expect(required('TradingBot')).toEqual(expect.arrayContaining(bot));
    expect(required('DailyBot')).toEqual(expect.arrayContaining([...bot, 'entry_time', 'exit_time', 'weekdays']));
    expect(required('Order')).toEqual(
      expect.arrayContaining([
        'order_id', 'account_number', 'tradingsymbol', 'exchange', 'transaction_type', 'order_type', 'product',
        'quantity', 'price', 'trigger_price', 'status', 'status_message', 'filled_quantity', 'average_price', 'tag',
        'order_timestamp',
      ]),
    );
    expect(required('PlaceTradesRequest')).toEqual(['account_number', 'orders']);
    expect(required('Error')).toEqual(['message', 'code']);
  });
});
