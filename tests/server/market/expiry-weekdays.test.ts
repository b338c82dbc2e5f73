// The expiry weekday is a dated fact of the contract's expiry (expiry_weekdays, migration 093), read by the
// simulator's expiries and shown on the Market facts screen with its source: on a clock of 20 August 2025 NIFTY lists
// its last Thursday expiries and, after them, the Tuesdays from 2 September 2025 (SEBI's circular of 26 May 2025,
// NSE/FAOP/68589), SENSEX its last Tuesday and then Thursdays (BSE's day under the same circular).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { signedInAccount } from '../support/accounts.ts';
import { contractClient, type ContractCall } from '../support/contract-client.ts';
import { manualClock, startTestServer, type TestServer } from '../support/test-server.ts';

type Expiries = components['schemas']['ExpiriesResponse'];
type Facts = components['schemas']['MarketFacts'];

describe('expiry weekdays by date', () => {
  let server: TestServer;
  let call: ContractCall;
  let token: string;

  beforeAll(async () => {
    // Wednesday 20 August 2025, 10:00 IST.
    server = await startTestServer({ clock: manualClock(new Date('2025-08-20T04:30:00Z')) });
    call = contractClient(server.app);
    token = (await signedInAccount(call)).token;
  });

  afterAll(async () => {
    await server.close();
  });

  const expiries = async (index: string) => {
    const answer = await call<Expiries>('getExpiries', { token, query: { index } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.expiries.map(({ date, kind }) => `${date} ${kind}`);
  };
  const weekdayFact = async (index: string, day: string) => {
    const answer = await call<Facts>('getMarketFacts', { token, query: { day } });
    expect(answer.status).toBe(200);
    return answer.body.facts.find((fact) => fact.kind === 'expiry_weekday' && fact.subject === index);
  };

  it('lists NIFTY on Thursday until August 2025 and on Tuesday from September, side by side', async () => {
    expect(await expiries('NIFTY')).toEqual([
      '2025-08-21 weekly',
      '2025-08-28 monthly',
      '2025-09-02 weekly',
      '2025-09-09 weekly',
      '2025-09-30 monthly',
      '2025-10-28 monthly',
    ]);
    // A monthly index: its August monthly on the last Thursday, September's on the last Tuesday.
    expect((await expiries('BANKNIFTY')).slice(0, 2)).toEqual(['2025-08-28 monthly', '2025-09-30 monthly']);
  });

  it("lists SENSEX by BSE's dates: the last Tuesday of August 2025, then Thursdays", async () => {
    expect((await expiries('SENSEX')).slice(0, 3)).toEqual(['2025-08-26 monthly', '2025-09-04 weekly', '2025-09-11 weekly']);
  });

  it('shows the weekday in force on the Market facts screen with its source, by the day asked about', async () => {
    expect(await weekdayFact('NIFTY', '2025-08-20')).toMatchObject({ value: '4', unit: 'weekday', effective_from: '2000-01-01' });
    const tuesday = await weekdayFact('NIFTY', '2026-11-29');
    expect(tuesday).toMatchObject({ value: '2', effective_from: '2025-09-01' });
    expect(tuesday?.source).toContain('NSE/FAOP/68589');
    expect(await weekdayFact('SENSEX', '2025-03-03')).toMatchObject({ value: '2', effective_from: '2025-01-04' });
    expect((await weekdayFact('SENSEX', '2026-11-29'))?.source).toContain('SEBI circular of 26 May 2025');
  });
});
