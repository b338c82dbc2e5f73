// No bad input answers 5xx: every operation of openapi/main.yaml (iterated from the contract, so a new
// operation is covered without editing this file) receives its valid sample with one place made bad at
// a time, as a signed-in trader owning real objects, and every answer must be below 500 and, when 4xx,
// the { message, code } shape with its words coded for the trader's language. Operations whose real handlers come later get a stand-in handler, so
// their contract validation is exercised now; their real route replaces it the day it exists.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMainContract, type ContractOperation } from '../../server/contract/document.ts';
import { route, routeUrl, type OperationId } from '../../server/http/contract-route.ts';
import { DomainError } from '../../server/services/domain-error.ts';
import { requestTexts } from '../../server/services/texts/request-texts.ts';
import { contractClient } from './support/contract-client.ts';
import { testBackends } from './support/test-database.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';
import { createOwner, type Owner } from './bad-input/owner.ts';
import { badRequests } from './bad-input/request-variants.ts';
import { sampleRequest, uniqueToken } from './bad-input/sample-request.ts';

const contract = loadMainContract();
const operations = [...contract.operations.values()];

// Every refusal is said in the trader's language too (issue 24): details.text is a LocalText whose code, and
// every code inside its parameters, the contract lists and the app words in English and in French. The
// code `text` (words no catalogue knows) is a live broker's own message, which no bad request here reaches.
const textCodes = new Set((contract.doc.components as { schemas: { TextCode: { enum: string[] } } }).schemas.TextCode.enum);
const root = resolve(import.meta.dirname, '../..');
const readJson = (path: string) => JSON.parse(readFileSync(resolve(root, path), 'utf8')) as Record<string, string>;
const englishWords = readJson('src/i18n/locales/en.json');
const frenchWords = readJson('src/i18n/locales/fr/server.json');

/** Why a refusal's coded text would not reach a French trader in French, or null when it would. */
function uncodedIn(text: unknown): string | null {
  if (typeof text !== 'object' || text === null || typeof (text as { code?: unknown }).code !== 'string') return 'has no coded text (details.text)';
  const { code, params } = text as { code: string; params?: Record<string, unknown> };
  if (code === 'text') return 'is coded only as plain words (text)';
  if (!textCodes.has(code)) return `has a code the contract does not list: ${code}`;
  if (englishWords[`server.${code}`] === undefined || frenchWords[`server.${code}`] === undefined) return `has a code the app cannot say in English and French: ${code}`;
  for (const value of Object.values(params ?? {})) {
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const inner = uncodedIn(value);
      if (inner !== null) return inner;
    }
  }
  return null;
}

/** What is wrong with an answer, or null when it is a proper answer. */
function faultOf(status: number, contentType: unknown, body: string): string | null {
  if (status >= 500) return `answered ${status}`;
  if (status < 400) return null;
  if (!String(contentType).startsWith('application/json')) return `answered ${status} without JSON`;
  const json = JSON.parse(body) as Record<string, unknown>;
  // The contract's Error: message, code, an optional field, and optional details as an object (a coded
  // refusal's text in the trader's language, an import's refused lines).
  const keys = Object.keys(json).filter((key) => !['message', 'code', 'field', 'details'].includes(key));
  const details = json.details === undefined || (typeof json.details === 'object' && json.details !== null && !Array.isArray(json.details));
  if (typeof json.message !== 'string' || json.message === '' || typeof json.code !== 'string' || !/^[a-z][a-z0-9_]*$/.test(json.code) || keys.length > 0 || !details) {
    return `answered ${status} in the wrong shape`;
  }
  const uncoded = uncodedIn((json.details as { text?: unknown } | undefined)?.text);
  return uncoded === null ? null : `answered ${status}, a refusal that ${uncoded}`;
}

describe.each(testBackends)('bad input on every operation, on %s', (backend) => {
  let server: TestServer;
  let owner: Owner;
  const netCatches: string[] = [];

  beforeAll(async () => {
    server = await startTestServer({ backend });
    // The router keeps paths without their trailing slash (ignoreTrailingSlash).
    const registered = (operation: ContractOperation) =>
      server.app.hasRoute({ method: operation.method.toUpperCase() as 'GET', url: routeUrl(operation, '').replace(/(.)\/$/, '$1') });
    const missing = operations.filter((operation) => !registered(operation));
    await server.app.register(
      async (api) => {
        for (const operation of missing) route(api, operation.operationId as OperationId, async () => Promise.reject(DomainError.said('not_found', requestTexts.notFound)));
      },
      { prefix: '/api' },
    );
    // The database safety net must stay a net: bad values are refused by validation, before the
    // database sees them. Record every time it fires (the test server logs nothing).
    server.app.addHook('onRequest', async (request) => {
      const recorder = Object.create(request.log) as FastifyBaseLogger;
      // Only the net's own warning counts: a refused broker push (postback, webhook) is logged too, and that is its purpose.
      recorder.warn = (details: unknown, message?: unknown) => {
        if (typeof message === 'string' && / (postback|webhook) refused$/.test(message)) return;
        netCatches.push(`${request.method} ${request.url.slice(0, 80)} ${JSON.stringify(details).slice(0, 200)}`);
      };
      request.log = recorder;
    });
    owner = await createOwner(contractClient(server.app));
  });

  afterAll(async () => {
    await server.close();
  });

  it('answers every bad request below 500, each refusal with a message, a code and its words coded', { timeout: 120_000 }, async () => {
    const requests = operations.flatMap((operation) =>
      badRequests(operation, sampleRequest(contract.doc, operation, owner), owner.token).map((request) => ({ operation, request })),
    );
    const faults: string[] = [];
    const statuses = new Map<number, number>();
    const started = performance.now();
    // One at a time, as a trader would: in parallel, sign-in and registration may answer 503 when
    // every password-hashing slot is taken, which is load shedding, not a bad-input answer.
    for (const [index, { operation, request }] of requests.entries()) {
      const fresh = (text: string) => text.replaceAll(uniqueToken, `${process.pid}x${index}`);
      const res = await server.app.inject({
        method: request.method as 'GET',
        url: fresh(request.url),
        headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, fresh(value)])),
        ...(request.payload === undefined ? {} : { payload: typeof request.payload === 'string' ? fresh(request.payload) : request.payload }),
        // Each from its own address, so per-address throttling (a 429) never hides what comes after.
        remoteAddress: `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
      });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      const fault = faultOf(res.statusCode, res.headers['content-type'], res.body);
      if (fault !== null) faults.push(`${operation.operationId} ${request.label}: ${fault} ${res.body.slice(0, 160)}`);
    }
    const took = Math.round(performance.now() - started);
    console.info(`bad-input matrix on ${backend}: ${requests.length} requests to ${operations.length} operations in ${took} ms`, Object.fromEntries(statuses));
    expect(faults.slice(0, 30), `${faults.length} bad answers of ${requests.length}`).toEqual([]);
    expect(requests.length).toBeGreaterThan(3000);
    expect(netCatches).toEqual([]);
    // Every request was the owner's: none was turned away for its token, so each reached validation.
    expect(statuses.get(401)).toBeUndefined();
  });
});
