// Someone probing the paper broker's login page for linked Client IDs (issue 36) learns nothing: a Client ID
// linked with the api_key, one linked under another api_key and one linked nowhere are answered alike (the
// same status, redirect, request_token and device cookie shapes, the same throttling, comparable time),
// from a stranger's browser and from the owner's. Only the account's owner learns the outcome, when the
// PWA exchanges the token: a linked Client ID's opens the session, another's says why it opened nothing.
import { performance } from 'node:perf_hooks';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount } from '../support/accounts.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createBrokerAccount, guardedClient, injectGuarded } from '../support/trading.ts';

const password = 'paper-pass';

/** What a prober sees of an answer, with the one-off values (the token, the cookie's value) masked. */
function seen(res: LightMyRequestResponse) {
  const location = String(res.headers.location ?? '').replace(/request_token=[A-Za-z0-9_-]{43}&/, 'request_token=TOKEN&');
  const cookie = String(res.headers['set-cookie'] ?? '').replace(/^(sd_paper_device_[0-9a-f]{24})=[A-Za-z0-9_-]{22}\.\d+\.[A-Za-z0-9_-]{43};/, '$1=VALUE;');
  const headers = Object.fromEntries(Object.entries(res.headers).filter(([name]) => !['date', 'x-request-id', 'location', 'set-cookie'].includes(name)));
  return { status: res.statusCode, location, cookie, headers, body: res.body };
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe.each(testBackends)('the paper login page probed for linked Client IDs on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let ipCounter = 0;
  const freshIp = () => `10.${200 + (++ipCounter >> 8)}.${ipCounter & 255}.7`;

  beforeAll(async () => {
    server = await startTestServer({ backend });
    call = guardedClient(server.app);
  });

  afterAll(async () => {
    await server.close();
  });

  const post = (apiKey: string, clientId: string, headers: Record<string, string> = {}, ip = freshIp()) =>
    injectGuarded(server.app, {
      method: 'POST',
      url: '/broker-login/paper',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams({ api_key: apiKey, client_id: clientId, password }).toString(),
      remoteAddress: ip,
    });

  async function linked() {
    const user = await signedInAccount(call);
    return { token: user.token, ...(await createBrokerAccount(call, user.token)) };
  }

  const tokenOf = (res: LightMyRequestResponse) => new URL(String(res.headers.location), 'http://x').searchParams.get('request_token') ?? '';
  const exchange = (owner: Awaited<ReturnType<typeof linked>>, requestToken: string) =>
    call<{ code?: string; message?: string }>('loginBrokerAccount', { token: owner.token, params: { accountId: owner.account.id }, body: { request_token: requestToken, broker_name: 'paper' } });

  it("answers a Client ID linked with the key, one linked under another key and one linked nowhere alike, a stranger's browser or the owner's", async () => {
    const owner = await linked();
    const other = await linked();
    const apiKey = owner.input.api_key;
    const probes = [owner.input.account_number, other.input.account_number, 'NOWHERE99'];
    const answers = [];
    for (const clientId of probes) answers.push(seen(await post(apiKey, clientId)));
    expect(answers[0]).toMatchObject({ status: 303, location: '/app/broker/paper/callback?request_token=TOKEN&action=login&status=success' });
    expect(answers[0]!.cookie).toMatch(/^sd_paper_device_[0-9a-f]{24}=VALUE; Path=\/broker-login\/paper; Max-Age=31536000; HttpOnly; SameSite=Strict$/);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);

    // The owner's browser, which holds a device cookie from its login above, is answered alike too.
    const cookie = String((await post(apiKey, owner.input.account_number)).headers['set-cookie']).split(';')[0]!;
    const fromOwner = [];
    for (const clientId of probes) fromOwner.push(seen(await post(apiKey, clientId, { cookie })));
    expect(fromOwner[1]).toEqual(fromOwner[0]);
    expect(fromOwner[2]).toEqual(fromOwner[0]);
    expect(fromOwner[0]).toEqual(answers[0]);
  });

  it('gives a token that opens the session only for the linked Client ID, and tells the owner why another opened nothing', async () => {
    const owner = await linked();
    const unlinked = await exchange(owner, tokenOf(await post(owner.input.api_key, 'NOWHERE99')));
    expect(unlinked.status).toBe(422);
    expect(unlinked.body).toMatchObject({
      code: 'request_token_invalid',
      message: "This broker login expired, was already used, or was made with a Client ID that is not this account's number. Log in to the broker again.",
    });
    expect((await exchange(owner, tokenOf(await post(owner.input.api_key, owner.input.account_number)))).status).toBe(200);
  });

  it('slows a linked Client ID down after as many attempts as one linked nowhere', async () => {
    const owner = await linked();
    const nobody = await linked();
    const attempts = async (apiKey: string, clientId: string) => {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await post(apiKey, clientId)).statusCode);
      return statuses;
    };
    const linkedStatuses = await attempts(owner.input.api_key, owner.input.account_number);
    expect(linkedStatuses).toEqual([...Array<number>(10).fill(303), 429, 429]);
    expect(await attempts(nobody.input.api_key, 'NOWHERE99')).toEqual(linkedStatuses);
  });

  it('takes about as long to answer a linked Client ID as one linked nowhere', async () => {
    const quiet = await startTestServer({
      database: server.db,
      clock: server.clock,
      throttleLimits: {
        brokerLoginFailuresPerKey: { free: 1000, windowMs: 60_000, firstDelayMs: 1000, maxDelayMs: 60_000 },
        brokerLoginFailuresPerIp: { limit: 1000, windowMs: 60_000 },
        brokerLoginFailuresPerNetwork: { limit: 1000, windowMs: 60_000 },
        brokerLoginTokensPerAccount: { limit: 1000, windowMs: 60_000 },
        brokerLoginTokensPerIp: { limit: 1000, windowMs: 60_000 },
      },
    });
    try {
      const owner = await linked();
      const timed = async (clientId: string) => {
        const started = performance.now();
        const res = await quiet.app.inject({
          method: 'POST',
          url: '/broker-login/paper',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ api_key: owner.input.api_key, client_id: clientId, password }).toString(),
          remoteAddress: freshIp(),
        });
        expect(res.statusCode).toBe(303);
        return performance.now() - started;
      };
      // In pairs, the order alternating, so the machine's load (other tests run beside this one) falls on both
      // alike: the typical difference within a pair is what tells the two apart, if anything does. The first
      // pairs warm the paths up.
      const differences: number[] = [];
      const all: number[] = [];
      for (let round = 0; round < 65; round++) {
        const linkedFirst = round % 2 === 0;
        const first = await timed(linkedFirst ? owner.input.account_number : `NOWHERE${round}`);
        const second = await timed(linkedFirst ? `NOWHERE${round}` : owner.input.account_number);
        if (round < 5) continue;
        const [linkedMs, nowhereMs] = linkedFirst ? [first, second] : [second, first];
        differences.push(linkedMs - nowhereMs);
        all.push(linkedMs, nowhereMs);
      }
      const typical = median(all);
      const gap = median(differences);
      expect(Math.abs(gap), `typical answer ${typical.toFixed(2)} ms, linked minus nowhere ${gap.toFixed(2)} ms`).toBeLessThan(0.2 * typical);
    } finally {
      await quiet.close();
    }
  });
});
