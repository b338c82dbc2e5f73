// The Market facts screen's read (GET /api/market/facts/, issue 60) on a real server whose clock stands on the
// day asked about: the session of market_sessions in force that day with its circular (the F&O close moved to
// 15:40 on 3 August 2026), freeze quantities from NSE's dated circulars with their age and a stale flag past
// two months, and a live broker's instrument file that says otherwise reported with the broker's value. The tick
// and the price band are shown as the paper broker reads them (price-rules.test.ts changes them by date).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { recordFreezeQuantities } from '../../../server/services/brokers/upstox-broker/upstox-instrument-facts.ts';
import { signedInAccount } from '../support/accounts.ts';
import { contractClient, type ContractCall } from '../support/contract-client.ts';
import { manualClock, startTestServer, type TestServer } from '../support/test-server.ts';

type Facts = components['schemas']['MarketFacts'];
type Fact = components['schemas']['MarketFact'];

const find = (facts: Facts, kind: Fact['kind'], subject: string, detail: string | null = null) => {
  const found = facts.facts.find((fact) => fact.kind === kind && fact.subject === subject && (detail === null || fact.detail === detail));
  if (found === undefined) throw new Error(`no ${kind} fact of ${subject}`);
  return found;
};

describe('GET /api/market/facts/', () => {
  let server: TestServer;
  let call: ContractCall;
  let token: string;
  const clock = manualClock(new Date('2026-07-31T05:00:00Z'));

  const factsNow = async (query: Record<string, string> = {}) => {
    const answer = await call<Facts>('getMarketFacts', { token, query });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };

  beforeAll(async () => {
    server = await startTestServer({ clock });
    call = contractClient(server.app);
    token = (await signedInAccount(call)).token;
  });

  afterAll(async () => {
    await server.close();
  });

  it('answers only a signed-in trader, and refuses a day that is not a date with a 400', async () => {
    expect((await call('getMarketFacts', {})).status).toBe(401);
    expect((await call('getMarketFacts', { token, query: { day: '31-07-2026' } })).status).toBe(400);
  });

  it('on Friday 31 July 2026 NSE closes at 15:30; on Monday 3 August at 15:40, per NSE circular 74/2026', async () => {
    const friday = await factsNow();
    expect(friday.day).toBe('2026-07-31');
    // 09:15-15:30 since the first row (the 8 Dec 2025 row repeats it beside the new pre-open).
    expect(find(friday, 'session_hours', 'NSE')).toMatchObject({ value: '09:15-15:30', effective_from: '2000-01-01', stale: false, revision_days: null });
    expect(find(friday, 'close_price_window', 'NSE').value).toBe('15:00-15:30');

    clock.advance(3 * 86_400_000);
    const monday = await factsNow();
    expect(monday.day).toBe('2026-08-03');
    const hours = find(monday, 'session_hours', 'NSE');
    expect(hours).toMatchObject({ value: '09:15-15:40', effective_from: '2026-08-03', age_days: 0 });
    expect(hours.source).toContain('NSE circular 74/2026');
    expect(find(monday, 'close_price_window', 'NSE')).toMatchObject({ value: '15:10-15:40' });
    // What the August row repeats keeps the date and source of the row that brought it.
    expect(find(monday, 'trade_modification_end', 'NSE')).toMatchObject({ value: '16:15', effective_from: '2000-01-01' });
    const preOpen = find(monday, 'pre_open', 'NSE');
    expect(preOpen).toMatchObject({ value: '09:00-09:08', effective_from: '2025-12-08' });
    expect(preOpen.source).toContain('F&O pre-open session');
    const misSquareOff = find(monday, 'mis_square_off', 'NSE');
    expect(misSquareOff.value).toBe('15:25');
    expect(misSquareOff.source).toContain('Zerodha');
  });

  it("shows each index's freeze quantity with its circular, fresh within two months and flagged past them", async () => {
    // 3 August 2026: NSE/FAOP/75521 of 31 July is that day's own circular.
    const fresh = await factsNow({ day: '2026-08-03' });
    const bankNifty = find(fresh, 'freeze_quantity', 'BANKNIFTY');
    expect(bankNifty).toMatchObject({ value: '600', unit: 'units', effective_from: '2026-08-03', age_days: 0, revision_days: 62, stale: false });
    expect(bankNifty.source).toContain('NSE/FAOP/75521');
    // 29 November 2026: no later circular is in the table, so every NSE freeze quantity is 118 days old.
    const late = await factsNow({ day: '2026-11-29' });
    expect(find(late, 'freeze_quantity', 'NIFTY')).toMatchObject({ value: '1800', effective_from: '2026-08-03', age_days: 118, stale: true });
    // Within its 62 days (3 Aug + 62 = 4 Oct) it is not flagged; the day after, it is.
    expect(find(await factsNow({ day: '2026-10-04' }), 'freeze_quantity', 'NIFTY').stale).toBe(false);
    expect(find(await factsNow({ day: '2026-10-05' }), 'freeze_quantity', 'NIFTY').stale).toBe(true);
    // A day before a revision shows the limit of then: BANKNIFTY 900 from 1 April 2026, 600 in March.
    expect(find(await factsNow({ day: '2026-03-31' }), 'freeze_quantity', 'BANKNIFTY')).toMatchObject({ value: '600', effective_from: '2026-03-02' });
    expect(find(await factsNow({ day: '2026-04-01' }), 'freeze_quantity', 'BANKNIFTY')).toMatchObject({ value: '900', effective_from: '2026-04-01' });
  });

  it("reports where a live broker's instrument file disagrees with the table, with the broker's value", async () => {
    // Upstox's file of that day lists BANKNIFTY at 900 (one odd contract at 1,200 does not decide) and NIFTY at
    // 1,800, as the table has it.
    await recordFreezeQuantities(server.db, 'upstox', '2026-08-04', new Date('2026-08-04T03:00:00Z'), [
      { name: 'BANKNIFTY', freeze: 900 },
      { name: 'BANKNIFTY', freeze: 900 },
      { name: 'BANKNIFTY', freeze: 1200 },
      { name: 'NIFTY', freeze: 1800 },
      { name: 'RELIANCE', freeze: 10_000 },
    ]);
    const facts = await factsNow({ day: '2026-08-05' });
    expect(find(facts, 'freeze_quantity', 'BANKNIFTY')).toMatchObject({ value: '600', broker_value: '900', broker_name: 'Upstox' });
    expect(find(facts, 'freeze_quantity', 'NIFTY')).toMatchObject({ value: '1800', broker_value: null, broker_name: null });
    // Recorded with the table's value of that day, for anyone reading the table; a stock StrikeDesk does not trade is not kept.
    const { rows } = await server.db.query<{ underlying: string; broker_value: number; strikedesk_value: number }>(
      `SELECT underlying, broker_value, strikedesk_value FROM broker_instrument_facts WHERE broker = 'upstox' ORDER BY underlying`,
    );
    expect(rows).toEqual([
      { underlying: 'BANKNIFTY', broker_value: 900, strikedesk_value: 600 },
      { underlying: 'NIFTY', broker_value: 1800, strikedesk_value: 1800 },
    ]);
    // A day before the file was read knows nothing of it.
    expect(find(await factsNow({ day: '2026-08-03' }), 'freeze_quantity', 'BANKNIFTY').broker_value).toBeNull();
  });

  it('lists lots, strike steps, expiry days, charges, margins, the next holidays and each source', async () => {
    const facts = await factsNow({ day: '2026-11-29' });
    // One lot once every contract is at the revised one (lot_revisions, migration 088).
    const lot = find(facts, 'lot_size', 'NIFTY');
    expect(lot).toMatchObject({ value: '65', effective_from: '2025-10-29', detail: null });
    expect(lot.source).toContain('NSE/FAOP/70616');
    expect(facts.facts.filter((fact) => fact.kind === 'lot_size' && fact.subject === 'NIFTY')).toHaveLength(1);
    // While the revision left the nearer contracts at 75 (3 November 2025), both lots, each named.
    const sideBySide = await factsNow({ day: '2025-11-03' });
    expect(find(sideBySide, 'lot_size', 'NIFTY', 'new_contracts')).toMatchObject({ value: '65', effective_from: '2025-10-29' });
    expect(find(sideBySide, 'lot_size', 'NIFTY', 'near_contracts')).toMatchObject({ value: '75', effective_from: '2024-11-20' });
    expect(find(facts, 'strike_step', 'BANKNIFTY').value).toBe('100');
    expect(find(facts, 'expiry_weekday', 'SENSEX').value).toBe('4');
    expect(find(facts, 'expiry_cycle', 'NIFTY').value).toBe('weekly');
    // NIFTY's name in NSE's files today, and its earlier ones (index_names, migration 081).
    expect(find(facts, 'index_name', 'NIFTY')).toMatchObject({ value: 'Nifty 50', detail: null, unit: 'name', effective_from: '2015-11-09' });
    expect(find(facts, 'index_name', 'NIFTY', 'earlier_name').source.length).toBeGreaterThan(0);
    expect(facts.facts.filter((fact) => fact.kind === 'index_name' && fact.subject === 'NIFTY').map((fact) => fact.value)).toContain('CNX Nifty');
    expect(find(facts, 'charge', 'NFO-OPT', 'stt_sell')).toMatchObject({ value: '0.0015', unit: 'fraction', effective_from: '2026-04-01', stale: false });
    // A future's charges are of its turnover, in words of their own, and it is never exercised.
    expect(find(facts, 'charge', 'NFO-FUT', 'stt_sell_futures')).toMatchObject({ value: '0.0005', effective_from: '2026-04-01' });
    expect(facts.facts.filter((fact) => fact.subject === 'NFO-FUT').map((fact) => fact.detail)).not.toContain('stt_exercise');
    expect(facts.facts.filter((fact) => fact.subject === 'NFO-FUT').map((fact) => fact.detail)).not.toContain('stt_sell');
    expect(find(facts, 'charge', 'NFO-FUT', 'brokerage_rate').value).toBe('0.0003');
    // An option's brokerage is a flat fee an order: no rate row.
    expect(facts.facts.filter((fact) => fact.subject === 'NFO-OPT').map((fact) => fact.detail)).not.toContain('brokerage_rate');
    expect(find(facts, 'margin', 'NIFTY', 'price_scan').unit).toBe('fraction');
    // Stock F&O's delivery margin of the last days (migration 122): Zerodha's schedule for Tuesday expiries.
    expect(find(facts, 'margin', 'NFO-STK', 'delivery_long_itm_var_e4')).toMatchObject({ value: '0.1', effective_from: '2025-09-01' });
    expect(find(facts, 'margin', 'NFO-STK', 'delivery_long_itm_value_e0')).toMatchObject({ value: '0.5' });
    expect(find(facts, 'margin', 'NFO-STK', 'delivery_future_short_e0').source).toMatch(/1\.5 times NRML/);
    const holiday = facts.facts.find((fact) => fact.kind === 'holiday' && fact.subject === 'NSE');
    expect(holiday).toMatchObject({ value: '2026-12-25', detail: 'Christmas', age_days: null });
    for (const fact of facts.facts) expect(fact.source.length, `${fact.kind} ${fact.subject}`).toBeGreaterThan(0);
  });

  it("shows each exchange's tick and limit price protection band in force, with its circular", async () => {
    const facts = await factsNow();
    expect(find(facts, 'tick_size', 'NSE')).toMatchObject({ value: '0.05', unit: 'rupees' });
    expect(find(facts, 'price_band', 'NSE')).toMatchObject({ value: '20|0.4', unit: 'band', effective_from: '2022-10-31' });
    expect(find(facts, 'price_band', 'BSE')).toMatchObject({ value: '30|0.6', unit: 'band', effective_from: '2024-04-23' });
  });
});
