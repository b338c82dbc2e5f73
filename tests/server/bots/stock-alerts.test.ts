// Alerts naming a stock (issue 63): a trading bot whose underlying is "the stock named in the alert" trades each
// stock's own contract, chosen around that stock's money on its own strike step, month and lot. A ChartInk scan
// firing "buy" on RELIANCE buys RELIANCE's at-the-money call once (ChartInk's resend places nothing new); a scan
// naming two stocks trades both in one entry; a stock with no F&O contracts, or one in the F&O ban, is refused with
// its reason in the bot's alert log; an entry on one more stock that the broker refuses in part exits only what it
// filled, never the stocks already held; an exit naming one stock that a crash left claimed before its broker call
// is carried out later for that stock only, and a refused one says which stocks it was. The desk's day is Monday 23 November 2026: the November stock contracts
// expire today (Tuesday the 24th is a holiday), so the near month is November's, trading until the close.
import { describe, expect, it } from 'vitest';
import { actionKey } from '../../../server/services/bots/engine/action-keys.ts';
import type { ActionRow } from '../../../server/services/bots/engine/engine-types.ts';
import { testBackends } from '../support/test-database.ts';
import { botDeskPerFile, istInstant, monday, type BotDesk } from './bot-desk.ts';
import { webhookDesk } from './webhook-desk.ts';

/** ChartInk's webhook body: the alert's name carries the action, `stocks` the symbols the scan fired on. */
const scan = (stocks: string, triggeredAt: string, action = 'buy') => ({
  stocks,
  trigger_prices: stocks.split(',').map(() => '1000').join(','),
  triggered_at: triggeredAt,
  scan_name: 'Breakout',
  scan_url: 'breakout',
  alert_name: `${action} breakout`,
  webhook_url: 'https://desk.example/api/webhooks/x/',
});

describe.each(testBackends)('a webhook bot trading the stock named in the alert on %s', (backend) => {
  let t: BotDesk;
  /** A crash right after an action's broker call, for the test that sets it: told the action, it never returns until released. */
  let crashAfter: ((action: ActionRow) => Promise<void>) | null = null;
  botDeskPerFile(backend, { capital: 5_000_000, engineHooks: { afterBrokerCall: (action) => crashAfter?.(action) } }, (desk) => (t = desk));
  const w = () => webhookDesk(t);

  /** A trend buyer (its "buy" is a call, its "sell" a put) whose underlying is the alert's stock, its webhook on. */
  async function stockBot(name: string, extra: Record<string, unknown> = {}) {
    const bot = await w().createBot({ name, stock_from_alert: true, ...extra }, 'trend_option_buyer');
    expect(bot.stock_from_alert).toBe(true);
    const { token } = await w().enable(bot.id);
    return { bot, token: token! };
  }

  /** A stock's contract's lot, as listed (the lot is the contract's own, contract-lots.ts). */
  const lotOf = async (tradingsymbol: string) =>
    Number((await t.server.db.query<{ lot_size: number }>('SELECT lot_size FROM instruments WHERE tradingsymbol = $1', [tradingsymbol])).rows[0]?.lot_size);

  it("buys RELIANCE's at-the-money call on its own strike step, month and lot, exactly once however often ChartInk resends", async () => {
    t.at(monday, '10:00');
    // RELIANCE at ₹1,176: its strikes are ₹10 apart (NSE's, stock_simulation), so the money is the 1180 strike. Monday 23
    // November is November's expiry day (the 24th a holiday): an entry then takes December, not a contract that
    // settles by delivery at today's close.
    t.market.stockSpot('RELIANCE', 1176);
    t.market.set('RELIANCE26DEC1180CE', { bid: 14.9, ask: 15.1, last: 15 });
    const { bot, token } = await stockBot('Scanner');

    const first = await w().deliver(token, scan('RELIANCE', '10:00 am'));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ outcome: 'placed', message: 'Placed: 1 order on RELIANCE.' });
    const lot = await lotOf('RELIANCE26DEC1180CE');
    expect(lot).toBe(500);
    // ChartInk sends the same alert again: answered as a duplicate, nothing placed.
    const resent = await Promise.all([w().deliver(token, scan('RELIANCE', '10:00 am')), w().deliver(token, scan('RELIANCE', '10:00 am'))]);
    expect(resent.map((answer) => [answer.status, answer.body.code])).toEqual([
      [409, 'alert_duplicate'],
      [409, 'alert_duplicate'],
    ]);
    expect((await t.orders('trading', bot.id)).map((order) => [order.tradingsymbol, order.transaction_type, order.quantity, order.status])).toEqual([
      ['RELIANCE26DEC1180CE', 'BUY', lot, 'COMPLETE'],
    ]);
    expect(await t.run('trading', bot.id)).toMatchObject({ state: 'in_position', entries: 1 });
    // The trader's feed says what was entered: RELIANCE, not the index whose session the bot keeps.
    expect((await t.alerts(bot.id)).map((alert) => alert.body)).toContainEqual(expect.stringContaining('1 legs on RELIANCE'));
    const log = await w().log(bot.id);
    expect(log.filter((entry) => entry.outcome === 'placed')).toMatchObject([
      { alert_id: 'buy breakout@10:00 am 2026-11-23', message_i18n: { code: 'webhook.placed_stocks', params: { orders: 1, stocks: 'RELIANCE' } } },
    ]);

    // The bot's exit closes what the alert bought; its own rules never enter a stock of their own.
    const exit = await w().deliver(token, scan('RELIANCE', '11:00 am', 'exit'));
    expect(exit.status, JSON.stringify(exit.body)).toBe(200);
    expect((await t.orders('trading', bot.id)).map((order) => [order.tradingsymbol, order.transaction_type])).toEqual([
      ['RELIANCE26DEC1180CE', 'BUY'],
      ['RELIANCE26DEC1180CE', 'SELL'],
    ]);
    t.at(monday, '11:30');
    await t.tick();
    expect(await t.orders('trading', bot.id)).toHaveLength(2);
  });

  it('trades every stock a scan names in one entry, and leaves out a stock without F&O with the reason in the log', async () => {
    t.at(monday, '12:00');
    t.market.stockSpot('TCS', 2156);
    t.market.stockSpot('INFY', 1023.4);
    t.market.set('TCS26DEC2160CE', { bid: 20.9, ask: 21.1 });
    t.market.set('INFY26DEC1020CE', { bid: 11.9, ask: 12.1 });
    const { bot, token } = await stockBot('Two stocks');

    const answer = await w().deliver(token, scan('TCS,ZOMATO,INFY', '12:00 pm'));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const orders = await t.orders('trading', bot.id);
    expect(orders.map((order) => [order.tradingsymbol, order.transaction_type, order.quantity])).toEqual([
      ['TCS26DEC2160CE', 'BUY', await lotOf('TCS26DEC2160CE')],
      ['INFY26DEC1020CE', 'BUY', await lotOf('INFY26DEC1020CE')],
    ]);
    // ZOMATO is no F&O stock (NSE lists the company as ETERNAL): left out, and the log line says why.
    expect(answer.body.message).toBe('Placed: 2 orders on TCS, INFY. Not placed: ZOMATO is not an F&O stock on 2026-11-23: it has no options or futures to trade.');
    const [placed] = (await w().log(bot.id)).filter((entry) => entry.outcome === 'placed');
    expect(placed?.message_i18n).toEqual({
      code: 'webhook.placed_stocks_some_refused',
      params: { orders: 2, stocks: 'TCS, INFY', refused: { code: 'webhook.stock_not_fo', params: { stock: 'ZOMATO', day: monday } }, more: 0 },
    });
  });

  it('holds one position per stock up to its cap, and an exit naming a stock closes that stock only', async () => {
    t.at(monday, '10:30');
    t.market.stockSpot('RELIANCE', 1176);
    t.market.stockSpot('TCS', 2156);
    t.market.stockSpot('INFY', 1023.4);
    t.market.set('RELIANCE26DEC1180CE', { bid: 14.9, ask: 15.1, last: 15 });
    t.market.set('TCS26DEC2160CE', { bid: 20.9, ask: 21.1 });
    t.market.set('INFY26DEC1020CE', { bid: 11.9, ask: 12.1 });
    const { bot, token } = await stockBot('Per stock', { max_stock_positions: 2 });
    expect(bot.max_stock_positions).toBe(2);
    const traded = async () => (await t.orders('trading', bot.id)).map((order) => [order.tradingsymbol, order.transaction_type]);

    expect((await w().deliver(token, scan('RELIANCE', '10:30 am'))).status).toBe(200);
    // Holding RELIANCE, the bot enters TCS; INFY would be a third stock, over its cap of 2: left out, and said.
    const second = await w().deliver(token, scan('TCS,INFY', '10:31 am'));
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.message).toBe('Placed: 1 order on TCS. Not placed: The bot holds positions in 2 stocks, its limit: nothing placed for INFY.');
    // RELIANCE again while held: nothing placed, 409 with the reason.
    const again = await w().deliver(token, scan('RELIANCE', '10:32 am'));
    expect([again.status, again.body.code]).toEqual([409, 'bot_in_position']);
    expect(again.body.message).toContain('already holds a position in RELIANCE');
    expect(await traded()).toEqual([
      ['RELIANCE26DEC1180CE', 'BUY'],
      ['TCS26DEC2160CE', 'BUY'],
    ]);
    expect(await t.run('trading', bot.id)).toMatchObject({ state: 'in_position', entries: 2 });

    // An exit naming TCS closes TCS only; RELIANCE stays held and the bot in position.
    const exitTcs = await w().deliver(token, scan('TCS', '11:00 am', 'exit'));
    expect(exitTcs.status, JSON.stringify(exitTcs.body)).toBe(200);
    expect((await traded()).slice(2)).toEqual([['TCS26DEC2160CE', 'SELL']]);
    expect(await t.run('trading', bot.id)).toMatchObject({ state: 'in_position' });
    // A stock the bot does not hold has nothing to exit.
    const exitInfy = await w().deliver(token, scan('INFY', '11:01 am', 'exit'));
    expect([exitInfy.status, exitInfy.body.code]).toEqual([422, 'nothing_to_exit']);
    // With TCS closed there is room again: INFY enters beside RELIANCE.
    expect((await w().deliver(token, scan('INFY', '11:02 am'))).status).toBe(200);
    // Exiting RELIANCE and INFY, all it holds, is the bot's whole exit.
    const exitAll = await w().deliver(token, scan('RELIANCE,INFY', '11:30 am', 'exit'));
    expect(exitAll.status, JSON.stringify(exitAll.body)).toBe(200);
    expect((await traded()).slice(3)).toEqual([
      ['INFY26DEC1020CE', 'BUY'],
      ['RELIANCE26DEC1180CE', 'SELL'],
      ['INFY26DEC1020CE', 'SELL'],
    ]);
    expect((await t.run('trading', bot.id))?.state).not.toBe('in_position');
  });

  it('refuses a stock without F&O contracts, and a stock in the F&O ban, placing nothing and logging why', async () => {
    t.at(monday, '13:00');
    const { bot, token } = await stockBot('Refusals');

    const notFo = await w().deliver(token, scan('ZOMATO', '1:00 pm'));
    expect([notFo.status, notFo.body.code, notFo.body.message]).toEqual([422, 'unknown_instrument', 'ZOMATO is not an F&O stock on 2026-11-23: it has no options or futures to trade.']);

    await t.server.db.query(`INSERT INTO fo_ban_days (trade_date, source) VALUES ($1::date, 'test') ON CONFLICT DO NOTHING`, [monday]);
    await t.server.db.query(`INSERT INTO fo_ban_securities (trade_date, symbol) VALUES ($1::date, 'SBIN')`, [monday]);
    try {
      const banned = await w().deliver(token, scan('SBIN', '1:01 pm'));
      expect([banned.status, banned.body.code]).toEqual([422, 'security_in_ban']);
      expect(banned.body.message).toContain('SBIN is in the F&O ban on 2026-11-23');
    } finally {
      await t.server.db.query(`DELETE FROM fo_ban_securities WHERE trade_date = $1::date`, [monday]);
    }
    expect(await t.orders('trading', bot.id)).toEqual([]);
    const refused = (await w().log(bot.id)).map((entry) => [entry.outcome, entry.code, entry.message_i18n?.code]);
    expect(refused).toEqual(
      expect.arrayContaining([
        ['refused', 'unknown_instrument', 'webhook.stock_not_fo'],
        ['refused', 'security_in_ban', 'webhook.stock_in_ban'],
      ]),
    );

    // An alert of the JSON form naming no stock has nothing to trade; one naming a contract by its symbol cannot
    // be every stock's.
    const none = await w().deliver(token, { action: 'buy', alert_id: 'no-stock' });
    expect([none.status, none.body.code, none.body.field]).toEqual([400, 'validation_failed', 'stocks']);
    const named = await w().deliver(token, { action: 'enter', alert_id: 'named', stocks: 'TCS', legs: [{ tradingsymbol: 'TCS26DEC2160CE', side: 'BUY' }] });
    expect([named.status, named.body.field]).toEqual([400, 'legs.0.tradingsymbol']);
  });

  it('keeps an index bot on its index: a JSON alert naming stocks is refused, and a bot on SENSEX or on a stock cannot take the stock from the alert', async () => {
    t.at(monday, '14:00');
    const indexBot = await w().createBot({ name: 'NIFTY alerts' });
    const { token } = await w().enable(indexBot.id);
    const answer = await w().deliver(token!, { action: 'enter', alert_id: 'stocks-to-index', stocks: 'RELIANCE' });
    expect([answer.status, answer.body.field]).toEqual([400, 'stocks']);
    const sensex = await t.call('createTradingBot', {
      token: t.desk.token,
      params: { portfolioId: t.portfolio.id },
      body: { portfolio_id: t.portfolio.id, name: 'On BSE', base_strategy: t.strategies.get('trend_option_buyer')!.id, underlying: 'SENSEX', lots: 1, stop_loss_pct: 90, target_pct: 90, params: {}, stock_from_alert: true },
    });
    const refused = sensex.body as { code?: string; field?: string };
    expect([sensex.status, refused.code, refused.field]).toEqual([400, 'validation_failed', 'underlying']);
    // A stock keeps no session of its own for the alert's stocks: the bot names an index (a stock is traded by its own rules without the flag).
    const onStock = await t.call('createTradingBot', {
      token: t.desk.token,
      params: { portfolioId: t.portfolio.id },
      body: { portfolio_id: t.portfolio.id, name: 'On a stock', base_strategy: t.strategies.get('trend_option_buyer')!.id, underlying: 'RELIANCE', lots: 1, stop_loss_pct: 90, target_pct: 90, params: {}, stock_from_alert: true },
    });
    const stockRefused = onStock.body as { code?: string; field?: string; message?: string };
    expect([onStock.status, stockRefused.code, stockRefused.field]).toEqual([400, 'validation_failed', 'underlying']);
    expect(stockRefused.message).toContain('RELIANCE is a stock');
  });

  it('exits only what a partly refused entry on another stock filled, leaving the stock it held, and says so', async () => {
    // The entry window closes at 14:30 (a trading bot's default).
    t.at(monday, '14:05');
    t.market.stockSpot('RELIANCE', 1176);
    t.market.stockSpot('TCS', 2156);
    t.market.set('RELIANCE26DEC1180CE', { bid: 14.9, ask: 15.1, last: 15 });
    t.market.set('TCS26DEC2160CE', { bid: 20.9, ask: 21.1 });
    // Nobody quotes TCS's 2180 call: the spread's sold leg is refused once its bought leg has filled.
    t.market.unset('TCS26DEC2180CE');
    const { bot, token } = await stockBot('Partly refused');
    expect((await w().deliver(token, scan('RELIANCE', '2:05 pm'))).status).toBe(200);

    const spread = { action: 'enter', alert_id: 'tcs-spread', stocks: 'TCS', legs: [{ strike: 'ATM', option_type: 'CE', side: 'BUY' }, { strike: 'ATM+1', option_type: 'CE', side: 'SELL' }] };
    const refused = await w().deliver(token, spread);
    expect([refused.status, refused.body.code], JSON.stringify(refused.body)).toEqual([422, 'order_refused']);
    // Read once the entries listed the contracts (a test run alone lists TCS's here).
    const [reliance, tcs] = [await lotOf('RELIANCE26DEC1180CE'), await lotOf('TCS26DEC2160CE')];
    // The call TCS's entry bought is sold again at once; RELIANCE's is not touched.
    expect((await t.orders('trading', bot.id)).map((order) => [order.tradingsymbol, order.transaction_type, order.quantity, order.status])).toEqual([
      ['RELIANCE26DEC1180CE', 'BUY', reliance, 'COMPLETE'],
      ['TCS26DEC2160CE', 'BUY', tcs, 'COMPLETE'],
      ['TCS26DEC2180CE', 'SELL', tcs, 'REJECTED'],
      ['TCS26DEC2160CE', 'SELL', tcs, 'COMPLETE'],
    ]);
    const { rows: holdings } = await t.server.db.query<{ tradingsymbol: string; quantity: string }>(
      `SELECT tradingsymbol, quantity FROM bot_holdings WHERE bot_kind = 'trading' AND bot_id = $1 AND quantity <> 0 ORDER BY id`,
      [bot.id],
    );
    expect(holdings.map((row) => [row.tradingsymbol, Number(row.quantity)])).toEqual([['RELIANCE26DEC1180CE', reliance]]);
    // An adjustment that names what it closed, under the refused entry's sequence: the day's exit of the rest is still to come.
    const { rows: actions } = await t.server.db.query<{ action: string; sequence: number; phase: string; leg: string | null; status: string }>(
      `SELECT action, sequence, phase, leg, status FROM bot_actions WHERE bot_kind = 'trading' AND bot_id = $1 ORDER BY id`,
      [bot.id],
    );
    expect(actions.map((action) => [action.action, Number(action.sequence), action.phase, action.leg, action.status])).toEqual([
      ['enter', 1, 'entry', null, 'completed'],
      ['re_enter', 2, 'entry', null, 'failed'],
      ['exit', 2, 'adjust', 'TCS26DEC2160CE', 'completed'],
    ]);
    expect(await t.run('trading', bot.id)).toMatchObject({ state: 'in_position', entries: 2, reason_i18n: { code: 'bot.entry_partly_refused' } });
    // The bot's feed: the refusal, then what was closed and what it still holds.
    const said = (await t.alerts(bot.id)).slice(1).map((alert) => [alert.event, alert.body]);
    expect(said).toEqual([
      ['bot_rejected', expect.stringMatching(/^TCS26DEC2180CE: No price for/)],
      ['bot_exited', 'Closed TCS26DEC2160CE, what the entry filled before it was refused. Still held: RELIANCE26DEC1180CE.'],
    ]);

    // RELIANCE's exit is the bot's whole exit, claimed under the same sequence as ever.
    const exit = await w().deliver(token, scan('RELIANCE', '2:10 pm', 'exit'));
    expect(exit.status, JSON.stringify(exit.body)).toBe(200);
    expect((await t.orders('trading', bot.id)).slice(4).map((order) => [order.tradingsymbol, order.transaction_type, order.quantity])).toEqual([['RELIANCE26DEC1180CE', 'SELL', reliance]]);
    expect((await t.run('trading', bot.id))?.state).not.toBe('in_position');
  });

  /** A stock bot holding RELIANCE's and TCS's calls, entered by two scans; answers the bot, its token and its holdings. */
  async function holdingTwo(name: string, time: string, scanTime: (minute: number) => string) {
    t.at(monday, time);
    t.market.stockSpot('RELIANCE', 1176);
    t.market.stockSpot('TCS', 2156);
    t.market.set('RELIANCE26DEC1180CE', { bid: 14.9, ask: 15.1, last: 15 });
    t.market.set('TCS26DEC2160CE', { bid: 20.9, ask: 21.1, last: 21 });
    const { bot, token } = await stockBot(name);
    expect((await w().deliver(token, scan('RELIANCE', scanTime(0)))).status).toBe(200);
    expect((await w().deliver(token, scan('TCS', scanTime(1)))).status).toBe(200);
    return { bot, token };
  }

  const holdingsOf = async (botId: number) =>
    (
      await t.server.db.query<{ tradingsymbol: string }>(`SELECT tradingsymbol FROM bot_holdings WHERE bot_kind = 'trading' AND bot_id = $1 AND quantity <> 0 ORDER BY id`, [botId])
    ).rows.map((row) => row.tradingsymbol);

  it('carries out an exit naming TCS that a crash left claimed before its broker call for TCS alone, keeping RELIANCE held', async () => {
    const { bot } = await holdingTwo('Crash on TCS', '14:10', (minute) => `2:1${minute} pm`);
    // The exit alert naming TCS was claimed at 14:12 by an instance that died before its broker call: an adjustment
    // (RELIANCE stays held) whose leg column names the stock, as the webhook receiver claims it.
    await t.server.db.query(
      `INSERT INTO bot_actions (bot_kind, bot_id, trading_day, action, sequence, phase, leg, status, claimed_at, idempotency_key)
       VALUES ('trading', $1, $2::date, 'signal_exit', 2, 'adjust', 'TCS', 'claimed', $3, $4)`,
      [bot.id, monday, istInstant(monday, '14:12'), actionKey('trading', bot.id, monday, 'signal_exit', 2, 1, 0)],
    );
    // Stale at 30 s: the engine finds no order by its tag and takes it over.
    t.at(monday, '14:12', 40);
    await t.tick();
    expect((await t.orders('trading', bot.id)).map((order) => [order.tradingsymbol, order.transaction_type, order.status])).toEqual([
      ['RELIANCE26DEC1180CE', 'BUY', 'COMPLETE'],
      ['TCS26DEC2160CE', 'BUY', 'COMPLETE'],
      ['TCS26DEC2160CE', 'SELL', 'COMPLETE'],
    ]);
    expect(await holdingsOf(bot.id)).toEqual(['RELIANCE26DEC1180CE']);
    expect((await t.actions('trading', bot.id)).map((action) => [action.action, action.status])).toEqual([
      ['enter', 'completed'],
      ['re_enter', 'completed'],
      ['signal_exit', 'completed'],
    ]);
    expect(await t.run('trading', bot.id)).toMatchObject({ state: 'in_position', entries: 2 });
    // Once: a later tick places nothing more.
    t.at(monday, '14:14');
    await t.tick();
    expect(await t.orders('trading', bot.id)).toHaveLength(3);
  });

  it("names the stocks of a refused exit alert, and says that nothing but another alert or the bot's exit tries it again", async () => {
    const { bot, token } = await holdingTwo('Refused on TCS', '14:15', (minute) => `2:1${5 + minute} pm`);
    // Nobody bids for TCS's call: the exit of TCS is refused.
    t.market.unset('TCS26DEC2160CE');
    try {
      const exit = await w().deliver(token, scan('TCS', '2:17 pm', 'exit'));
      expect([exit.status, exit.body.code], JSON.stringify(exit.body)).toEqual([422, 'order_refused']);
    } finally {
      t.market.set('TCS26DEC2160CE', { bid: 20.9, ask: 21.1, last: 21 });
    }
    expect(await holdingsOf(bot.id)).toEqual(['RELIANCE26DEC1180CE', 'TCS26DEC2160CE']);
    const { rows } = await t.server.db.query<{ event: string; title: string; title_i18n: unknown; body: string; body_i18n: { code: string } }>(
      `SELECT event, title, title_i18n, body, body_i18n FROM alerts WHERE bot_id = $1 AND event = 'bot_rejected' ORDER BY id`,
      [bot.id],
    );
    expect(rows.map((row) => [row.title, row.title_i18n, row.body_i18n.code])).toEqual([
      ['Refused on TCS: exit of TCS refused', { code: 'alert.bot_stock_exit_refused_title', params: { bot: 'Refused on TCS', stocks: 'TCS' } }, 'alert.bot_stock_exit_refused_body'],
    ]);
    expect(rows[0]!.body).toMatch(/^TCS26DEC2160CE: No price for .* The bot does not try this exit again by itself/);
  });

  it("carries out a partly refused entry's exit that a crash left claimed before its broker call from the entry's orders, keeping RELIANCE held", async () => {
    t.at(monday, '14:20');
    t.market.stockSpot('RELIANCE', 1176);
    t.market.stockSpot('TCS', 2156);
    t.market.set('RELIANCE26DEC1180CE', { bid: 14.9, ask: 15.1, last: 15 });
    t.market.set('TCS26DEC2160CE', { bid: 20.9, ask: 21.1, last: 21 });
    t.market.unset('TCS26DEC2180CE');
    const { bot, token } = await stockBot('Crash after a partial entry');
    expect((await w().deliver(token, scan('RELIANCE', '2:20 pm'))).status).toBe(200);
    // The instance placing TCS's spread claims the exit of what it filled, then dies before that exit's broker call
    // (and before the entry's bookkeeping): its entry's orders are in the book, the exit's claim is left behind.
    let release: ((error: Error) => void) | null = null;
    let reached: () => void = () => undefined;
    const crashed = new Promise<void>((resolve) => (reached = resolve));
    crashAfter = async (action) => {
      if (action.botId !== bot.id || action.action !== 're_enter') return;
      crashAfter = null;
      await t.server.db.query(
        `INSERT INTO bot_actions (bot_kind, bot_id, trading_day, action, sequence, phase, leg, status, claimed_at, idempotency_key)
         VALUES ('trading', $1, $2::date, 'exit', 2, 'adjust', 'TCS26DEC2160CE', 'claimed', $3, $4)`,
        [bot.id, monday, t.server.clock.now(), actionKey('trading', bot.id, monday, 'exit', 2, 1, 0)],
      );
      reached();
      await new Promise<void>((_resolve, reject) => (release = reject));
    };
    const spread = { action: 'enter', alert_id: 'tcs-spread-crash', stocks: 'TCS', legs: [{ strike: 'ATM', option_type: 'CE', side: 'BUY' }, { strike: 'ATM+1', option_type: 'CE', side: 'SELL' }] };
    const stuck = w().deliver(token, spread);
    try {
      await crashed;
      // Stale at 30 s: the engine settles the entry from the book (its exit already claimed, not claimed again),
      // then takes the exit over and closes what the entry filled, read again from its orders by the entry's tag.
      t.at(monday, '14:20', 40);
      await t.tick();
      expect((await t.orders('trading', bot.id)).map((order) => [order.tradingsymbol, order.transaction_type, order.status])).toEqual([
        ['RELIANCE26DEC1180CE', 'BUY', 'COMPLETE'],
        ['TCS26DEC2160CE', 'BUY', 'COMPLETE'],
        ['TCS26DEC2180CE', 'SELL', 'REJECTED'],
        ['TCS26DEC2160CE', 'SELL', 'COMPLETE'],
      ]);
      expect(await holdingsOf(bot.id)).toEqual(['RELIANCE26DEC1180CE']);
      expect((await t.actions('trading', bot.id)).map((action) => [action.action, action.sequence, action.status])).toEqual([
        ['enter', 1, 'completed'],
        ['re_enter', 2, 'failed'],
        ['exit', 2, 'completed'],
      ]);
      expect(await t.run('trading', bot.id)).toMatchObject({ state: 'in_position', entries: 2 });
    } finally {
      crashAfter = null;
      (release as ((error: Error) => void) | null)?.(new Error('test over'));
      await stuck.catch(() => undefined);
      t.market.set('TCS26DEC2180CE', { bid: 9.9, ask: 10.1, last: 10 });
    }
  });
});
