// A backtest that makes no trade says why, day by day (issue 36): a daily bot entering at 08:06 (accepted in demo
// mode) over Diwali week 2025 on NSE's calendar. Monday and Friday are before the open; Tuesday's only session
// was Muhurat trading (13:45–14:45), also after 08:06 and 09:20; Wednesday was a holiday (Diwali
// Balipratipada); Thursday traded but has no imported history. The same bot at 09:20 trades Monday and Friday,
// and says "no price" on Monday when the history lacks that day's expiry (NSE moved Tuesday's to Monday 20th).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { servicesDecorator } from '../../../server/app.ts';
import type { Services } from '../../../server/services/services.ts';
import { signedInAccount } from '../support/accounts.ts';
import { testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { baseStrategies, createBrokerAccount, createPortfolio, dailyBotBody, guardedClient } from '../support/trading.ts';
import { importHistory, syntheticRows } from './history-fixture.ts';

type Backtest = components['schemas']['Backtest'];

const underlying = { '2025-10-20': 25_800, '2025-10-21': 25_850, '2025-10-24': 25_900 };
const exchangeHours = 'backtests and live trading keep exchange hours, only demo mode trades at any hour.';

describe.each(testBackends)('the days a backtest made no trade on %s', (backend) => {
  let server: TestServer;

  // One server for the file: each test is a new trader with a bot of its own, and replaces the week's history
  // (its import and, by cascade, its rows) with the expiries it needs.
  beforeAll(async () => {
    server = await startTestServer({ backend });
  });

  const importWeek = async (expiries: string[]) => {
    await server.db.exec('DELETE FROM history_imports');
    await importHistory(server.db, 'NIFTY', underlying, syntheticRows(underlying, expiries));
  };

  afterAll(async () => {
    await server.close();
  });

  async function backtest(entryTime: string, capital = 1_000_000, params: Record<string, unknown> = { strike_offset: 0 }): Promise<Backtest> {
    const call = guardedClient(server.app);
    const { token } = await signedInAccount(call);
    const { account } = await createBrokerAccount(call, token);
    const portfolio = await createPortfolio(call, token, account.id);
    const strategies = await baseStrategies(call, token);
    const bot = dailyBotBody(portfolio.id, strategies.get('short_straddle')!.id, { weekdays: [1, 2, 3, 4, 5], entry_time: entryTime, exit_time: '15:15', params });
    const queued = await call<{ backtest: Backtest }>('createBacktest', { token, body: { bot, from: '2025-10-20', to: '2025-10-24', capital } });
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    expect((await server.app.getDecorator<Services>(servicesDecorator).backtests.worker.pass()).outcome).toBe('done');
    return (await call<{ backtest: Backtest }>('getBacktest', { token, params: { id: queued.body.backtest.id } })).body.backtest;
  }

  it('an 08:06 entry: before the open each trading day, the holiday by name, the day without history', async () => {
    await importWeek(['2025-10-20', '2025-10-28', '2025-11-04']);
    const report = await backtest('08:06');
    expect(report.summary?.trades).toBe(0);
    expect(report.no_trade_days?.map((day) => [day.date, day.reason])).toEqual([
      ['2025-10-20', 'before_open'],
      ['2025-10-21', 'before_open'],
      ['2025-10-22', 'holiday'],
      ['2025-10-23', 'no_history'],
      ['2025-10-24', 'before_open'],
    ]);
    const [monday, muhurat, holiday] = report.no_trade_days!;
    expect(monday!.message).toBe(`The entry time 08:06 is before the exchange opens (09:15–15:30 IST that day): ${exchangeHours}`);
    expect(monday!.message_i18n).toEqual({ code: 'no_trade.before_open', params: { entry: '08:06', open: '09:15', close: '15:30' } });
    expect(muhurat!.message_i18n.params).toEqual({ entry: '08:06', open: '13:45', close: '14:45' });
    expect(holiday!.message_i18n).toEqual({ code: 'no_trade.holiday', params: { name: 'Diwali Balipratipada' } });
  }, 240_000);

  it('a 09:20 entry trades Monday and Friday, and says why not on the other three days', async () => {
    await importWeek(['2025-10-20', '2025-10-28', '2025-11-04']);
    const report = await backtest('09:20', 1_000_000, { strike_offset: 0, product: 'MIS' });
    expect(report.summary?.trades).toBe(2);
    // Issue 62: each trade says its product, the bot's.
    expect(report.trades?.map((trade) => trade.product)).toEqual(['MIS', 'MIS']);
    expect(report.no_trade_days?.map((day) => [day.date, day.reason])).toEqual([
      ['2025-10-21', 'before_open'],
      ['2025-10-22', 'holiday'],
      ['2025-10-23', 'no_history'],
    ]);
  }, 240_000);

  // Issue 62: a bot whose entry condition never fired said "The bot did not enter." each day, and no more. Here
  // Monday's expiry (20 October) is not imported: the condition cannot be read; on Friday it is read and not met.
  it('an entry condition that failed: named, and why, on prices modelled from the bhavcopy', async () => {
    await importWeek(['2025-10-28', '2025-11-04']);
    const report = await backtest('09:20', 1_000_000, { strike_offset: 0, entry_condition: 'premium_falls', premium_move: 40, premium_move_unit: 'percent', condition_strikes_at: '09:20' });
    expect(report.summary?.trades).toBe(0);
    expect(report.no_trade_days?.map((day) => [day.date, day.reason])).toEqual([
      ['2025-10-20', 'entry_condition'],
      ['2025-10-21', 'before_open'],
      ['2025-10-22', 'holiday'],
      ['2025-10-23', 'no_history'],
      ['2025-10-24', 'entry_condition'],
    ]);
    const words = { code: 'no_trade.condition_words', params: { kind: 'premium_falls', time: '09:20', amount: 40, unit: 'percent', level: 15 } };
    const monday = report.no_trade_days![0]!;
    expect(monday.message).toBe(
      "Its entry condition (the 09:20 straddle falls 40 % from its 09:20 premium) could not be read: no price for the straddle’s legs at 09:20 (the day has no minute prices: its bhavcopy only).",
    );
    expect(monday.message_i18n).toEqual({ code: 'no_trade.condition_no_prices', params: { condition: words, time: '09:20', modelled: 'yes' } });
    const friday = report.no_trade_days![4]!;
    expect(friday.message).toMatch(
      /^Its entry condition \(the 09:20 straddle falls 40 % from its 09:20 premium\) was not met between 09:20 and 15:15: the straddle was ₹[\d,.]+ at 09:20, then between ₹[\d,.]+ and ₹[\d,.]+, on prices modelled from the day’s bhavcopy \(no minute prices imported\)\.$/,
    );
    expect(friday.message_i18n.code).toBe('no_trade.condition_not_met_premium');
    const params = friday.message_i18n.params as Record<string, unknown>;
    expect(params.condition).toEqual(words);
    expect(params.modelled).toBe('yes');
    // The premiums seen never reached 40 % below the fixing minute's.
    const [reference, low, high] = [params.reference, params.low, params.high] as number[];
    expect(high).toBeGreaterThanOrEqual(low!);
    expect(low).toBeGreaterThan(reference! * 0.6);
  }, 240_000);

  it('a leg without a price: the engine’s refusal, said with the contract', async () => {
    await importWeek(['2025-10-28', '2025-11-04']);
    const report = await backtest('09:20');
    expect(report.summary?.trades).toBe(1);
    const monday = report.no_trade_days?.find((day) => day.date === '2025-10-20');
    expect(monday?.reason).toBe('no_price');
    expect(monday?.message).toBe('No price for a leg at the entry: NIFTY25O2025800CE: No price for NIFTY25O2025800CE right now. Try again in a moment.');
  }, 240_000);

  it('an entry the broker refused (the expiry day’s margin above the capital): the refusal’s words', async () => {
    await importWeek(['2025-10-20', '2025-10-28', '2025-11-04']);
    const report = await backtest('09:20', 500_000);
    const monday = report.no_trade_days?.find((day) => day.date === '2025-10-20');
    expect(monday?.reason).toBe('refused');
    expect(monday?.message).toMatch(/^The entry was refused: NIFTY25O2025800CE: Insufficient funds\. Required margin is ₹[\d,.]+ but available margin is ₹5,00,000\.00\.$/);
    expect(monday?.message_i18n.code).toBe('no_trade.refused');
  }, 240_000);
});
