// JSON bodies: UTF-8 only (415 for another declared charset, 400 for bytes that are not UTF-8), nesting
// bounded before parsing (400 naming the limit, where 10,000 levels once overflowed the stack), prototype
// keys refused with a message that says so, and free-form params bounded in size.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxJsonDepth } from '../../server/http/json-guards.ts';
import { signedInAccount } from './support/accounts.ts';
import type { ContractCall } from './support/contract-client.ts';
import { testBackends } from './support/test-database.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';
import { baseStrategies, createBrokerAccount, createPortfolio, guardedClient, tradingBotBody } from './support/trading.ts';
import { validationRefusal } from './support/validation-refusal.ts';

describe.each(testBackends)('JSON bodies on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let token: string;
  let portfolioId: number;
  let strategyId: number;

  beforeAll(async () => {
    server = await startTestServer({ backend });
    call = guardedClient(server.app);
    token = (await signedInAccount(call)).token;
    const { account } = await createBrokerAccount(call, token);
    portfolioId = (await createPortfolio(call, token, account.id)).id;
    strategyId = (await baseStrategies(call, token)).get('short_straddle')?.id ?? 0;
  });

  afterAll(async () => {
    await server.close();
  });

  const post = (url: string, payload: string | Buffer, contentType = 'application/json') =>
    server.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}`, 'content-type': contentType }, payload });
  const profile = (payload: string | Buffer, contentType?: string) => post('/api/profile/user/', payload, contentType);
  const botText = (paramsText: string) => JSON.stringify(tradingBotBody(portfolioId, strategyId, { params: '@' })).replace('"@"', paramsText);
  const createBot = (paramsText: string) => post(`/api/trading_bots/trading_bots/${portfolioId}/`, botText(paramsText));

  it('refuses params nested 10,000 deep with a 400 that names the limit', async () => {
    const res = await createBot(`${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'json_too_deep', message: `The request body nests objects and lists more than ${maxJsonDepth} levels deep` , details: { text: expect.objectContaining({ code: expect.stringMatching(/^(request|validation)\./) }) } });
    const lists = await createBot(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    expect(lists.json()).toMatchObject({ code: 'json_too_deep' });
  });

  it('counts brackets only outside strings, escaped quotes included', async () => {
    // The body itself is 1 level and params 1 more: everything up to the limit reaches validation.
    const deepest = await createBot(`${'{"a":'.repeat(maxJsonDepth - 1)}1${'}'.repeat(maxJsonDepth - 1)}`);
    expect(deepest.json()).toMatchObject({ code: 'invalid_params' });
    const tooDeep = await createBot(`${'{"a":'.repeat(maxJsonDepth)}1${'}'.repeat(maxJsonDepth)}`);
    expect(tooDeep.json()).toMatchObject({ code: 'json_too_deep' });
    const brackets = await profile(JSON.stringify({ name: `a \\" ${'{['.repeat(40)}` }));
    expect(brackets.statusCode, brackets.body).toBe(200);
  });

  it('bounds free-form params at 64 fields', async () => {
    const fields = Object.fromEntries(Array.from({ length: 65 }, (_, index) => [`p${index}`, index]));
    const res = await createBot(JSON.stringify(fields));
    expect(res.json()).toEqual({ code: 'validation_failed', field: 'params', message: 'params: must have at most 64 fields' , details: { text: expect.objectContaining({ code: expect.stringMatching(/^(request|validation)\./) }) } });
  });

  it('refuses another charset with 415, and reads UTF-8 however it is spelled', async () => {
    const utf16 = await profile(Buffer.from(JSON.stringify({ name: 'Asha' }), 'utf16le'), 'application/json; charset=utf-16');
    expect(utf16.statusCode).toBe(415);
    expect(utf16.json()).toEqual({ code: 'unsupported_charset', message: 'Send JSON in UTF-8: charset "utf-16" is not supported' , details: { text: expect.objectContaining({ code: expect.stringMatching(/^(request|validation)\./) }) } });
    const latin1 = await profile(Buffer.from(JSON.stringify({ name: 'Zoë' }), 'latin1'), 'application/json;charset=ISO-8859-1');
    expect(latin1.statusCode).toBe(415);
    for (const contentType of ['application/json; charset=UTF-8', 'application/json; charset="utf-8"', 'application/json;charset=utf8']) {
      const res = await profile(JSON.stringify({ name: 'Zoë Ångström' }), contentType);
      expect(res.statusCode, contentType).toBe(200);
      expect(res.json().user.name).toBe('Zoë Ångström');
    }
  });

  it('refuses bytes that are not UTF-8 instead of storing U+FFFD', async () => {
    const res = await profile(Buffer.concat([Buffer.from('{"name":"Zo'), Buffer.from([0xeb]), Buffer.from('"}')]));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'invalid_utf8', message: 'The request body is not valid UTF-8' , details: { text: expect.objectContaining({ code: expect.stringMatching(/^(request|validation)\./) }) } });
  });

  it.each([
    ['{"name":"Asha","__proto__":{"admin":true}}', '__proto__'],
    ['{"name":"Asha","constructor":{"prototype":{"admin":true}}}', 'constructor.prototype'],
  ])('refuses %s saying which key, not "not valid JSON"', async (payload, field) => {
    const res = await profile(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'forbidden_key', field, message: `${field}: keys named __proto__, or prototype inside constructor, are not allowed` , details: { text: expect.objectContaining({ code: expect.stringMatching(/^(request|validation)\./) }) } });
  });

  it('finds a prototype key nested in params', async () => {
    const res = await createBot('{"strike_offset":0,"x":[{"__proto__":{}}]}');
    expect(res.json()).toMatchObject({ code: 'forbidden_key', field: 'params.x.0.__proto__' });
  });

  it('says what is wrong with malformed JSON', async () => {
    const res = await profile('{"name":"Asha"');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_json' });
    expect(res.json().message).toMatch(/^The request body is not valid JSON: /);
  });

  it('still takes an empty JSON body as no body', async () => {
    const empty = await call('updateUserProfile', { token, payload: '' });
    expect(empty.body).toEqual(validationRefusal(undefined, 'The request body must be a JSON object'));
  });
});
