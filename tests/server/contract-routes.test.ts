// The route helper: operations declared by operationId get their method, path, schemas and bearer
// check from openapi/main.yaml. Exercised with trading operations (order book, positions, place_trades).
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMainContract } from '../../server/contract/document.ts';
import { describeFailure } from '../../server/contract/failure-messages.ts';
import { route, routeUrl } from '../../server/http/contract-route.ts';
import { signedInAccount } from './support/accounts.ts';
import { assertMatchesContract, contractClient } from './support/contract-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';
import { validationRefusal } from './support/validation-refusal.ts';

let server: TestServer;
let token: string;

beforeAll(async () => {
  // The trading routes are real: a request that passes validation reaches them and, for an account or
  // portfolio this user does not have, answers 404. What these tests look at is what validation let through.
  server = await startTestServer();
  token = (await signedInAccount(contractClient(server.app))).token;
});

afterAll(async () => {
  await server.close();
});

const auth = () => ({ authorization: `Bearer ${token}` });
const order = { tradingsymbol: 'NIFTY25JAN23500CE', exchange: 'NFO', transaction_type: 'SELL', order_type: 'LIMIT', product: 'MIS', quantity: 65, price: 142.35 };

async function inject(operationId: string, method: 'GET' | 'POST', url: string, options: { headers?: Record<string, string>; payload?: unknown } = {}) {
  const res = await server.app.inject({ method, url, headers: { ...auth(), ...options.headers }, ...(options.payload === undefined ? {} : { payload: options.payload as object }) });
  if (res.statusCode >= 400) assertMatchesContract(operationId, res);
  return res;
}

describe('path parameters', () => {
  it('are coerced to their declared type and reach the handler', async () => {
    const res = await inject('getPositionSummary', 'GET', '/api/position/summary/42/');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found', message: 'Portfolio not found', details: { text: { code: 'not_found.thing', params: { thing: 'portfolio' } } } });
  });

  it.each([
    ['abc', /^id: must be a whole number$/],
    ['0', /^id: must be at least 1$/],
    ['4.5', /^id: must be a whole number$/],
  ])('refuses %s naming the parameter', async (value, message) => {
    const res = await inject('getPositionSummary', 'GET', `/api/position/summary/${value}/`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', field: 'id' });
    expect(res.json().message).toMatch(message);
  });
});

describe('query parameters', () => {
  it('validate declared ones and ignore others', async () => {
    const ok = await inject('getOrderBook', 'GET', '/api/order-book/order-book/PA1234?start_date=2025-01-16&utm_source=x');
    expect(ok.json()).toMatchObject({ code: 'not_found', field: 'account_number' });
    const bad = await inject('getOrderBook', 'GET', '/api/order-book/order-book/PA1234?start_date=16-01-2025');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual(validationRefusal('start_date', 'start_date: must be a date like 2025-01-16'));
  });
});

describe('headers and nested bodies', () => {
  const url = '/api/order-book/order-book/place_trades/';
  const body = { account_number: 'PA1234', orders: [order] };

  it('require the Idempotency-Key the contract declares, named as the contract spells it', async () => {
    const missing = await inject('placeTrades', 'POST', url, { payload: body });
    expect(missing.json()).toEqual(validationRefusal('Idempotency-Key', 'Idempotency-Key: is required'));
    const short = await inject('placeTrades', 'POST', url, { payload: body, headers: { 'idempotency-key': 'abc' } });
    expect(short.json()).toMatchObject({ field: 'Idempotency-Key', message: 'Idempotency-Key: must be at least 8 characters' });
    const ok = await inject('placeTrades', 'POST', url, { payload: body, headers: { 'Idempotency-Key': '0b6f2a4e-6c1d-4c36' } });
    expect(ok.json()).toMatchObject({ code: 'not_found', field: 'account_number' });
  });

  // The refusal is also coded (details.text): the field by its dotted name and its last name (which the app
  // words in French), and the rule with its limit, so a French trader reads "La quantité doit être d’au moins 1."
  const named = (field: string, name: string) => ({ code: 'validation.field', params: { field, name } });
  it.each([
    ['a LIMIT order without price', { ...order, price: undefined }, 'orders.0.price', 'orders.0.price: is required', { code: 'validation.required', params: { field: named('orders.0.price', 'price') } }],
    ['an unknown order field', { ...order, validity: 'IOC' }, 'orders.0.validity', 'unknown field "orders.0.validity"', { code: 'validation.unknown_field', params: { field: 'orders.0.validity' } }],
    [
      'a quantity of zero',
      { ...order, quantity: 0 },
      'orders.0.quantity',
      'orders.0.quantity: must be at least 1',
      { code: 'validation.bound', params: { field: named('orders.0.quantity', 'quantity'), bound: 'minimum', limit: 1 } },
    ],
    [
      'a bad symbol',
      { ...order, tradingsymbol: 'nifty ce' },
      'orders.0.tradingsymbol',
      'orders.0.tradingsymbol: is not in the expected format',
      { code: 'validation.pattern', params: { field: named('orders.0.tradingsymbol', 'tradingsymbol'), rule: 'other' } },
    ],
  ])('name the nested field for %s', async (_label, bad, field, message, text) => {
    const res = await inject('placeTrades', 'POST', url, { payload: { account_number: 'PA1234', orders: [order, bad].reverse() }, headers: { 'idempotency-key': 'key-12345678' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'validation_failed', field, message, details: { text } });
  });

  it('checks the bearer token before anything else', async () => {
    const res = await server.app.inject({ method: 'POST', url, payload: { nonsense: true } });
    expect(res.statusCode).toBe(401);
  });
});

describe('route()', () => {
  it('turns contract paths into Fastify paths under the plugin prefix', () => {
    const contract = loadMainContract();
    const update = contract.operations.get('updateBrokerAccount');
    expect(update && routeUrl(update, '/api')).toBe('/accounts/accounts/:id/');
    const health = contract.operations.get('getHealth');
    expect(() => health && routeUrl(health, '/analytics')).toThrow(/cannot be registered under the prefix/);
  });

  it('knows which operations need a token', () => {
    const { operations } = loadMainContract();
    expect(operations.get('loginUser')?.requiresAuth).toBe(false);
    expect(operations.get('registerUser')?.requiresAuth).toBe(false);
    expect(operations.get('getHealth')?.requiresAuth).toBe(false);
    expect(operations.get('getUserProfile')?.requiresAuth).toBe(true);
    expect(operations.get('placeTrades')?.requiresAuth).toBe(true);
  });

  it('refuses an operationId the contract does not have', async () => {
    const app = Fastify();
    app.decorate('contractKit', server.app.getDecorator('contractKit'));
    await expect(
      app.register(async (api) => route(api, 'noSuchOperation' as 'getHealth', async () => ({ status: 'ok' as const })), { prefix: '/api' }),
    ).rejects.toThrow(/has no operation "noSuchOperation"/);
  });
});

describe('describeFailure', () => {
  it('prefers the combinator error of a failed oneOf', () => {
    const failure = describeFailure(
      [
        { keyword: 'type', instancePath: '/a', schemaPath: '#/oneOf/0/type', params: { type: 'string' } },
        { keyword: 'oneOf', instancePath: '/a', schemaPath: '#/oneOf', params: { passingSchemas: null } },
      ],
      'body',
    );
    expect(failure).toEqual({
      field: 'a',
      message: 'a: does not match any of the allowed forms',
      text: { code: 'validation.no_form', params: { field: { code: 'validation.field', params: { field: 'a', name: 'a' } } } },
    });
  });

  it('describes a bad type at the root of the body', () => {
    expect(describeFailure([{ keyword: 'type', instancePath: '', schemaPath: '#/type', params: { type: 'object' } }], 'body')).toEqual({
      message: 'The request body must be a JSON object',
      text: { code: 'validation.body_not_object', params: {} },
    });
  });
});
