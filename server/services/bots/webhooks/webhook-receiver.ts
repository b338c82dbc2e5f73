// A delivery to a bot's webhook address (issue 41), from TradingView, ChartInk or a trader's script. In order:
//   1. the token's own rate limit (every instance counts alike: throttle.ts), then the token itself (404);
//   2. the signature, when the bot has a signing secret (HMAC-SHA256 of "timestamp.body", the timestamp
//      within 60 s); then the payload (400 naming the field) and its own timestamp, if it gives one;
//   3. counted once (webhook-log.ts): the same alert id within its IST day (or the bot's window), or the same
//      body within 60 s, answers 409;
//   4. the bot's state: active, inside its hours, under its limits, flat for an entry, holding for an exit;
//   5. the order gate a manual order meets, asked first so a refusal answers its own code (the kill switch 403,
//      a risk limit 422, an unknown contract 422) with nothing claimed; then the bot engine's own machinery:
//      the action claimed once (action-claims.ts), the broker call outside any transaction with the action's
//      key as the orders' tag, under the account's rate limits (bot-orders.ts), and its completion.
//   6. on an approve-first bot (issue 41), an entry that passed the gate is proposed to the trader instead of
//      placed: the proposal the engine makes for the bot's own entries (approvals/proposals.ts), pushed with
//      Approve and Reject, decided and placed the same way; the answer is 'proposed'. Exits are never held.
// Every delivery to a live address, accepted or refused, is in the bot's alert log with why.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { presetNames, type PresetName } from '../../../../quant/strategy-presets.ts';
import type { Database } from '../../../db/database.ts';
import type { AccountPrices } from '../../brokers/account-prices.ts';
import type { BrokerRegistry } from '../../brokers/broker-adapter.ts';
import { killSwitchRefusal, type OrderIntent } from '../../brokers/broker-trading.ts';
import { readEntryGuards } from '../../brokers/entry-guards.ts';
import type { Clock } from '../../clock.ts';
import { DomainError, type DomainErrorCode } from '../../domain-error.ts';
import { bannedAt } from '../../market/ban-list/ban-list.ts';
import { underlyingsOn } from '../../market/underlyings/underlying-rows.ts';
import { loadTradingCalendar } from '../../market/calendar-data.ts';
import { clockMinutes, istDate, istMinutes } from '../../market/ist.ts';
import { priceRulesOn } from '../../market/price-rules.ts';
import { optionTradingsymbol, strikeGridOf } from '../../market/tradingsymbol.ts';
import { dayHours, isTradingDay } from '../../market/trading-calendar.ts';
import type { SecretBox } from '../../secrets/secret-box.ts';
import { brokerAccountTexts } from '../../texts/broker-account-texts.ts';
import { liveTexts } from '../../texts/live-texts.ts';
import { refusalTexts } from '../../texts/refusal-texts.ts';
import { priceTickRefusal } from '../../brokers/paper/order-rules.ts';
import { requestTexts } from '../../texts/request-texts.ts';
import { words, type Said } from '../../texts/said.ts';
import { webhookTexts } from '../../texts/webhook-texts.ts';
import { reserveAttempt, type LimitRule } from '../../throttle.ts';
import { actionKey, type BotActionName } from '../engine/action-keys.ts';
import { claimAction } from '../engine/action-claims.ts';
import type { BotEngine } from '../engine/bot-engine.ts';
import { loadActions, loadBot, loadHeld, loadRuns } from '../engine/engine-store.ts';
import { botKey, defaultMaxStockPositions, withUnderlying, type EngineBot, type HeldLeg, type StoppedLeg } from '../engine/engine-types.ts';
import { legsByStock, stockSymbols } from './stock-positions.ts';
import { botProduct, botRunsOn, signalStrategies, timedForSession } from '../engine/rules.ts';
import { approvalSettingsOf, createProposals, type ApprovalSettings } from '../approvals/proposals.ts';
import { maxAlertStocks, parseAlert, readableAlertId, type Alert } from './webhook-payload.ts';
import { countOnce, logRefused, nameAction, refuseCounted, settleCounted, type Delivery } from './webhook-log.ts';
import { tokenHash } from './webhook-settings.ts';
import { recordBotsNotice } from '../../notices/stream-notices.ts';

/** How far from now a signed timestamp (or the alert's own) may be: older is a replay, later a wrong clock. */
export const alertMaxAgeMs = 60_000;

/** `unreadable`: the body did not parse (not JSON, not UTF-8...): logged against the bot, then `error` is thrown as it is. */
export type Delivered = {
  token: string;
  rawBody: Buffer;
  body: unknown;
  timestamp: string | undefined;
  signature: string | undefined;
  unreadable?: { error: Error; code: string; reason: Said } | null | undefined;
};
export type DeliveryAnswer = { message: string; message_i18n: Said['i18n']; outcome: 'placed' | 'working' | 'proposed'; order_ids: string[]; proposal_id?: number };

type HookRow = { bot_id: number; signing_secret: string | null; max_entries_per_day: number };

type ReceiverOptions = { db: Database; clock: Clock; secrets: SecretBox; engine: BotEngine; brokers: BrokerRegistry; prices: AccountPrices; perToken: LimitRule };

const refusal = (error: DomainError): Said => error.text ?? words(error.message);

/** The signature over "timestamp.body" with the bot's secret, and the timestamp within a minute of now. */
function checkSignature(secret: string, delivered: Delivered, now: Date): void {
  const { timestamp, signature } = delivered;
  if (timestamp === undefined || signature === undefined || !/^\d{9,11}$/.test(timestamp)) throw DomainError.said('signature_invalid', webhookTexts.signatureRequired);
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(delivered.rawBody).digest();
  const given = /^(?:sha256=)?([0-9a-f]{64})$/i.exec(signature.trim())?.[1];
  if (given === undefined || !timingSafeEqual(Buffer.from(given.toLowerCase(), 'hex'), expected)) throw DomainError.said('signature_invalid', webhookTexts.signatureInvalid);
  checkAge(new Date(Number(timestamp) * 1000), now);
}

function checkAge(sentAt: Date, now: Date): void {
  const ms = Math.abs(now.getTime() - sentAt.getTime());
  if (ms > alertMaxAgeMs) throw DomainError.said('alert_stale', webhookTexts.stale(Math.round(ms / 1000)), { field: 'timestamp' });
}

export function createWebhookReceiver({ db, clock, secrets, engine, brokers, prices, perToken }: ReceiverOptions) {
  const proposals = createProposals({ db, prices, brokers });

  /** Step 1: the delivery counted against its address's rate (429 over it), then the address's webhook, if any. */
  async function hookOf(token: string, now: Date): Promise<HookRow | undefined> {
    const hash = tokenHash(token);
    await reserveAttempt(db, [{ scope: 'webhook_token', key: hash, rule: perToken }], now);
    const { rows } = await db.query<HookRow>('SELECT bot_id, signing_secret, max_entries_per_day FROM bot_webhooks WHERE token_hash = $1', [hash]);
    return rows[0];
  }

  async function receive(delivered: Delivered): Promise<DeliveryAnswer> {
    const now = clock();
    const hook = await hookOf(delivered.token, now);
    if (hook === undefined) throw DomainError.said('not_found', requestTexts.notFound);
    const delivery: Delivery = { botId: Number(hook.bot_id), receivedAt: now, alertId: null, action: null, bodyHash: createHash('sha256').update(delivered.rawBody).digest('hex') };
    let alert: Alert;
    try {
      if (hook.signing_secret !== null) checkSignature(secrets.open(hook.signing_secret), delivered, now);
      if (delivered.unreadable != null) {
        delivery.alertId = readableAlertId(undefined, delivered.rawBody);
        await logRefused(db, delivery, delivered.unreadable.code, delivered.unreadable.reason);
        throw delivered.unreadable.error;
      }
      alert = parseAlert(delivered.body, istDate(now));
      delivery.alertId = alert.alertId;
      delivery.action = alert.action;
      if (alert.sentAt !== null) checkAge(alert.sentAt, now);
    } catch (error) {
      if (error instanceof DomainError) {
        delivery.alertId ??= readableAlertId(delivered.body, delivered.rawBody);
        await logRefused(db, delivery, error.code, refusal(error));
      }
      throw error;
    }
    const logId = await countOnce(db, delivery);
    let placed: { outcome: 'placed' | 'working' | 'proposed' | 'failed'; actionId: number | null; orderIds: string[]; reason: Said; proposalId?: number };
    try {
      placed = await place(delivery.botId, alert, Number(hook.max_entries_per_day), now, logId);
    } catch (error) {
      const reason = error instanceof DomainError ? refusal(error) : words('The alert could not be carried out: nothing placed.');
      await refuseCounted(db, logId, error instanceof DomainError ? error.code : 'internal_error', reason);
      throw error;
    }
    await settleCounted(db, logId, placed.outcome, placed.actionId, placed.orderIds, placed.reason);
    if (placed.outcome === 'failed') throw DomainError.said('order_refused', placed.reason);
    return {
      message: placed.reason.text,
      message_i18n: placed.reason.i18n,
      outcome: placed.outcome,
      order_ids: placed.orderIds,
      ...(placed.proposalId === undefined ? {} : { proposal_id: placed.proposalId }),
    };
  }

  /**
   * A delivery refused before its body was read (over the size limit), in its bot's log when the token is one
   * (issue 62). Counted against the address's rate like any delivery; over it, nothing more is written.
   */
  async function logUnread(token: string, code: string, reason: Said): Promise<void> {
    const now = clock();
    let hook: HookRow | undefined;
    try {
      hook = await hookOf(token, now);
    } catch (error) {
      if (error instanceof DomainError) return;
      throw error;
    }
    if (hook === undefined) return;
    const delivery: Delivery = { botId: Number(hook.bot_id), receivedAt: now, alertId: null, action: null, bodyHash: createHash('sha256').digest('hex') };
    await logRefused(db, delivery, code, reason);
  }

  /** Steps 4 and 5: the bot's state and limits, the gate, the claim and the broker call. */
  async function place(botId: number, alert: Alert, maxEntries: number, now: Date, logId: number) {
    const bot = await loadBot(db, now.getTime(), 'trading', botId);
    if (bot === undefined) throw DomainError.said('not_found', requestTexts.notFound);
    if (bot.status !== 'active') {
      // Arming the kill switch stops the account's bots: while it is armed, that is the refusal (403, as documented).
      const { killedAt } = await readEntryGuards(db, bot.account.id, false);
      if (killedAt !== null) throw killSwitchRefusal(bot.account.accountNumber, killedAt);
      throw DomainError.said('bot_not_active', webhookTexts.notActive(bot.status));
    }
    const entry = alert.action !== 'exit';
    // An exit is never refused for the hour (issue 62): a position the bot holds may always be closed.
    if (entry) await checkEntryHours(bot, now);
    if (!bot.sessionOpen) throw DomainError.said('broker_session_expired', liveTexts.sessionEnded(bot.broker, null));
    const day = istDate(now);
    const key = botKey(bot.kind, bot.id);
    const actions = await settledActions(bot, day, now);
    const run = (await loadRuns(db, day, { bots: [bot] })).get(key) ?? null;
    const held = (await loadHeld(db, { kind: bot.kind, id: bot.id })).get(key) ?? [];
    const claimed = actions.filter((action) => action.status === 'claimed');
    // An exit under way (the bot's own, or an earlier alert's) is this exit too: joined, never refused nor doubled.
    const exiting = entry ? undefined : claimed.find((action) => action.phase === 'exit');
    if (exiting !== undefined) {
      await nameAction(db, logId, exiting.key);
      return { outcome: 'working' as const, actionId: exiting.id, orderIds: [], reason: webhookTexts.exitUnderWay };
    }
    // An exit goes past an entry still claimed (nothing of it is held but what filled); anything else waits its turn.
    if (claimed.some((action) => entry || action.phase !== 'entry')) throw DomainError.said('bot_action_in_progress', webhookTexts.inProgress);
    let intents: OrderIntent[];
    let name: BotActionName;
    let sequence: number;
    let stocks: StockEntry | null = null;
    // A stock exit that leaves other stocks held closes part of the position: an adjustment, as a leg's own stop is.
    let partOf: StoppedLeg | null = null;
    if (entry) {
      // A bot trading the stock named in the alert holds one position per stock (issue 63): another stock may enter.
      if (held.length > 0 && bot.stockFromAlert !== true) throw DomainError.said('bot_in_position', webhookTexts.inPosition);
      const entered = actions.filter((action) => action.phase === 'entry' && action.status === 'completed').length;
      if (entered >= maxEntries) throw DomainError.said('alert_over_limit', webhookTexts.tooManyEntries(maxEntries));
      if (bot.stockFromAlert === true) {
        stocks = await stockEntryIntents(bot, alert, now, legsByStock(held, await stockSymbols(db)));
        intents = stocks.intents;
      } else {
        // ChartInk's body always names its stocks: an index bot's scan trades its index. An alert of the JSON form
        // naming stocks to an index bot is a mistake in its message, not an index trade.
        if (alert.stocks.length > 0 && !alert.chartink) {
          throw DomainError.said('validation_failed', webhookTexts.payloadInvalid('stocks', `no stocks: this bot trades ${bot.underlying} (a bot whose underlying is the stock named in the alert takes them)`), { field: 'stocks' });
        }
        intents = await entryIntents(bot, alert, now);
      }
      // After every entry of today, failed ones too: an entry's claim is never retried (action-claims.ts).
      sequence = Math.max(run?.entries ?? 0, ...actions.filter((action) => action.phase === 'entry').map((action) => action.sequence)) + 1;
      name = sequence === 1 ? 'enter' : 're_enter';
    } else {
      if (held.length === 0) throw DomainError.said('nothing_to_exit', webhookTexts.nothingToExit);
      let closing: readonly HeldLeg[] = held;
      if (bot.stockFromAlert === true && alert.stocks.length > 0) {
        // An exit naming stocks closes those stocks' positions only (issue 63).
        const byStock = legsByStock(held, await stockSymbols(db));
        const named = alert.stocks.filter((stock) => byStock.has(stock));
        if (named.length === 0) throw DomainError.said('nothing_to_exit', webhookTexts.stocksNotHeld(alert.stocks));
        closing = named.flatMap((stock) => byStock.get(stock) ?? []);
        // Each partial exit of the day its own letter, so two stocks closed under one entry count never share a key.
        const index = actions.filter((action) => action.action === 'signal_exit' && action.phase === 'adjust').length;
        if (closing.length < held.length) partOf = { index, tradingsymbol: named.join(',') };
      }
      intents = engine.exitIntents(closing);
      sequence = Math.max(1, run?.entries ?? 1);
      name = 'signal_exit';
    }
    // The gate a manual order meets, placing nothing: the kill switch and risk limits (entries), unknown contracts.
    const broker = brokers.get(bot.broker)?.trading;
    if (broker === undefined) throw DomainError.said('live_trading_unavailable', brokerAccountTexts.tradingUnavailable(bot.broker));
    await broker.planOrders(bot.account, intents, { portfolioId: bot.portfolioId, purpose: entry ? 'entry' : 'squareoff', bot: { kind: bot.kind, id: bot.id } });
    if (entry) {
      const approval = await approvalSettingsOf(db, bot.kind, bot.id);
      if (approval.approveFirst) return proposeEntry(bot, day, name, sequence, intents, approval, now);
    }
    await nameAction(db, logId, actionKey(bot.kind, bot.id, day, name, sequence));
    const action = await claimAction(db, bot, day, name, sequence, entry ? 'entry' : partOf === null ? 'exit' : 'adjust', now, partOf);
    if (action === null) {
      // The engine (or another alert) claimed this entry or exit first: it is theirs, not this alert's.
      await nameAction(db, logId, null);
      throw DomainError.said('bot_action_in_progress', webhookTexts.inProgress);
    }
    // The trader's "entered" alert names what was entered: the alert's stocks, not the index whose session the bot keeps.
    await engine.carryOut(stocks === null ? bot : withUnderlying(bot, stocks.entered.join(', ')), action, intents, now, now);
    // The bot's card says what the alert did on the trader's screens at once (issue 37).
    await recordBotsNotice(db, [bot.account.id]);
    const { rows } = await db.query<{ status: string; message: string | null; message_i18n: Said['i18n'] | null; order_ids: string[] }>(
      'SELECT status, message, message_i18n, order_ids FROM bot_actions WHERE id = $1',
      [action.id],
    );
    const done = rows[0]!;
    const orderIds = [...done.order_ids];
    if (done.status === 'completed') return { outcome: 'placed' as const, actionId: action.id, orderIds, reason: stocks === null ? webhookTexts.placed(orderIds.length) : stocksPlaced(stocks, orderIds.length) };
    // Placed, not final yet (a limit price, or a live broker's fill to come): the engine settles it (reconcile).
    if (done.status === 'claimed') return { outcome: 'working' as const, actionId: action.id, orderIds, reason: webhookTexts.working(intents.length) };
    const reason: Said = done.message_i18n === null ? words(done.message ?? 'Refused') : { text: done.message ?? '', i18n: done.message_i18n };
    return { outcome: 'failed' as const, actionId: action.id, orderIds, reason };
  }

  /**
   * The bot's actions of the day, after settling from the order book (by the orders' tag) any claim whose orders
   * are all final: a crash between an alert's broker call and its bookkeeping leaves such a claim, and an alert
   * right after the restart must not wait the engine's 30 s for it, nor be refused for it (issue 61).
   */
  async function settledActions(bot: EngineBot, day: string, now: Date) {
    const mine = async () => (await loadActions(db, day, [bot])).filter((action) => action.kind === bot.kind && action.botId === bot.id);
    const actions = await mine();
    const claimed = actions.filter((action) => action.status === 'claimed');
    if (claimed.length === 0) return actions;
    let settled = false;
    for (const action of claimed) settled = (await engine.settleFromBook(action, now)) || settled;
    return settled ? mine() : actions;
  }

  /**
   * Step 6: the entry as the trader's proposal, nothing placed. One proposal per entry of the day: a second
   * alert while one waits for its decision is refused (409), and after a rejection or an expiry the next
   * alert is the next entry (its sequence follows the skipped one's bot action).
   */
  async function proposeEntry(bot: EngineBot, day: string, name: BotActionName, sequence: number, intents: readonly OrderIntent[], settings: ApprovalSettings, now: Date) {
    if (name !== 'enter' && name !== 're_enter') throw new Error(`An entry's action is enter or re_enter, not ${name}`);
    const made = await proposals.propose(bot, day, { action: name, sequence }, intents, settings, now);
    if (made === null) throw DomainError.said('bot_action_in_progress', webhookTexts.proposalPending);
    if (typeof made === 'object') throw DomainError.said('order_refused', made.noPrice);
    return { outcome: 'proposed' as const, actionId: null, orderIds: [], reason: webhookTexts.proposed(settings.deadlineSeconds), proposalId: made };
  }

  /** Entries inside the bot's entry window, on a day it trades. */
  async function checkEntryHours(bot: EngineBot, now: Date): Promise<void> {
    const day = istDate(now);
    const facts = await engine.factsOf(bot.underlying, now);
    const calendar = await loadTradingCalendar(db, facts.exchange === 'BFO' ? 'BSE' : 'NSE');
    const minutes = istMinutes(now);
    const open =
      botRunsOn(bot.weekdays, day, isTradingDay(calendar, day), prices.simulator.demo, timedForSession(bot, dayHours(calendar, day))) &&
      minutes >= clockMinutes(bot.entryFrom) &&
      minutes < clockMinutes(bot.entryUntil);
    if (!open) throw DomainError.said('outside_bot_hours', webhookTexts.outsideHours(bot.entryFrom, bot.entryUntil));
  }

  /**
   * A stock bot's entry (issue 63): each stock the alert names, in its order, traded as the bot trades its underlying
   * (its strategy's legs, or the alert's around the money), on that stock's own contracts: its near month, its strike
   * step, its lot. A stock that is no F&O stock on the day, is in the F&O ban, or that this market has no chain of is
   * left out with its reason, which the alert's log line says; the alert is refused when no stock is left.
   */
  async function stockEntryIntents(bot: EngineBot, alert: Alert, now: Date, holding: ReadonlyMap<string, readonly HeldLeg[]>): Promise<StockEntry> {
    if (alert.stocks.length === 0) throw DomainError.said('validation_failed', webhookTexts.stocksRequired, { field: 'stocks' });
    if (alert.stocks.length > maxAlertStocks) throw DomainError.said('alert_over_limit', webhookTexts.tooManyStocks(alert.stocks.length, maxAlertStocks), { field: 'stocks' });
    const named = alert.legs.findIndex((leg) => leg.kind === 'symbol');
    if (named >= 0) {
      const field = `legs.${named}.tradingsymbol`;
      throw DomainError.said('validation_failed', webhookTexts.payloadInvalid(field, 'a strike around the money and an option type: each stock named trades its own contracts'), { field });
    }
    const day = istDate(now);
    const fno = new Set((await underlyingsOn(db, day)).filter((underlying) => underlying.kind === 'stock' && underlying.membership.current).map((underlying) => underlying.symbol));
    const banned = await bannedAt(db, now);
    const entry: StockEntry = { intents: [], entered: [], refused: [] };
    const cap = bot.maxStockPositions ?? defaultMaxStockPositions;
    for (const stock of alert.stocks) {
      const bannedOn = banned.get(stock);
      // One position per stock, in at most `cap` stocks at once (issue 63): a stock held, or past the cap, is left out.
      if (holding.has(stock)) entry.refused.push({ stock, code: 'bot_in_position', reason: webhookTexts.stockHeld(stock) });
      else if (holding.size + entry.entered.length >= cap) entry.refused.push({ stock, code: 'bot_in_position', reason: webhookTexts.stockCap(stock, cap) });
      else if (!fno.has(stock)) entry.refused.push({ stock, code: 'unknown_instrument', reason: webhookTexts.stockNotFo(stock, day) });
      else if (bannedOn !== undefined) entry.refused.push({ stock, code: 'security_in_ban', reason: webhookTexts.stockInBan(stock, bannedOn) });
      else {
        try {
          entry.intents.push(...(await entryIntents(withUnderlying(bot, stock), alert, now)));
          entry.entered.push(stock);
        } catch (error) {
          // An F&O stock the market has no chain of (the simulator prices some stocks only).
          if (!(error instanceof DomainError) || error.code !== 'not_found') throw error;
          entry.refused.push({ stock, code: 'unknown_instrument', reason: webhookTexts.stockNotPriced(stock) });
        }
      }
    }
    const [first] = entry.refused;
    if (entry.entered.length === 0 && first !== undefined) throw DomainError.said(first.code, first.reason, { field: 'stocks' });
    // Every stock's hedges before any stock's sells, as one stock's are.
    entry.intents = [...entry.intents.filter((intent) => intent.side === 'BUY'), ...entry.intents.filter((intent) => intent.side === 'SELL')];
    return entry;
  }

  /** The alert's legs as orders: around the money on the bot's (or the alert's) expiry, or named; hedges first. */
  async function entryIntents(bot: EngineBot, alert: Alert, now: Date): Promise<OrderIntent[]> {
    const reads = engine.tickReads(now);
    const side = alert.action === 'buy' ? 'BUY' : alert.action === 'sell' ? 'SELL' : null;
    const overLots = (lots: number, field: string) => {
      if (lots > bot.lots) throw DomainError.said('alert_over_limit', webhookTexts.overLots(lots, bot.lots), { field });
    };
    if (alert.legs.length === 0) {
      // No legs: the bot's own strategy's, as its rules would enter: a preset's shape around the money, or a trend
      // buyer's call on "buy" and put on "sell" (a ChartInk scan's "buy RELIANCE breakout": that stock's call).
      const trend = side !== null && signalStrategies.includes(bot.strategy);
      if (!trend && (side !== null || !presetNames.includes(bot.strategy as PresetName))) throw DomainError.said('validation_failed', webhookTexts.legsRequired, { field: 'legs' });
      overLots(alert.lots ?? bot.lots, 'lots');
      const sized = { ...bot, lots: alert.lots ?? bot.lots };
      const legs = !trend ? 'preset' : side === 'BUY' ? 'CE' : 'PE';
      return engine.entryIntents(sized, { type: 'entry', action: 'enter', sequence: 1, legs, signalAt: null }, null, now, reads);
    }
    const expiryBot = alert.expiry === null ? bot : { ...bot, params: { ...bot.params, expiry: alert.expiry } };
    const around = alert.legs.some((leg) => leg.kind === 'around_atm') ? await engine.aroundTheMoney(expiryBot, now, reads) : null;
    const facts = around?.facts ?? (await engine.factsOf(bot.underlying, now));
    const { tickPaise } = await priceRulesOn(db, facts.exchange, istDate(now));
    const intents: OrderIntent[] = [];
    for (const [index, leg] of alert.legs.entries()) {
      const lots = leg.lots ?? alert.lots ?? bot.lots;
      overLots(lots, leg.lots === null ? 'lots' : `legs.${index}.lots`);
      const offTick = leg.limitPaise === null ? null : priceTickRefusal(leg.limitPaise, tickPaise);
      if (offTick !== null) throw DomainError.said('validation_failed', offTick, { field: `legs.${index}.limit_price` });
      let tradingsymbol: string;
      // Each leg counts its lots in its own contract's lot (two expiries of a day may carry two).
      let lotSize: number | null;
      if (leg.kind === 'symbol') {
        // A contract of the bot's own index: its lot size is the one the quantity is counted in.
        if (!new RegExp(`^${bot.underlying}\\d`).test(leg.tradingsymbol)) {
          throw DomainError.said('unknown_instrument', refusalTexts.notListed(facts.exchange, leg.tradingsymbol), { field: `legs.${index}.tradingsymbol` });
        }
        tradingsymbol = leg.tradingsymbol;
        lotSize = await engine.symbolLot(bot, tradingsymbol, reads);
        if (lotSize === null) throw DomainError.said('unknown_instrument', refusalTexts.notListed(facts.exchange, tradingsymbol), { field: `legs.${index}.tradingsymbol` });
      } else {
        tradingsymbol = optionTradingsymbol(bot.underlying, around!.expiry, around!.atm + leg.offset * facts.strikeStep, leg.optionType, strikeGridOf(facts.kind));
        lotSize = around!.lotSize;
      }
      intents.push({
        exchange: facts.exchange,
        tradingsymbol,
        side: side ?? leg.side ?? 'BUY',
        orderType: leg.limitPaise === null ? 'MARKET' : 'LIMIT',
        // The bot's product, as its own preset entries carry (engine.entryIntents): an MIS bot's alert legs are MIS.
        product: botProduct(bot),
        quantity: lots * lotSize,
        pricePaise: leg.limitPaise ?? 0,
        triggerPaise: 0,
      });
    }
    const ordered = [...intents.filter((intent) => intent.side === 'BUY'), ...intents.filter((intent) => intent.side === 'SELL')];
    await reads.fresh(bot, ordered);
    return ordered;
  }

  return { receive, logUnread };
}

export type WebhookReceiver = ReturnType<typeof createWebhookReceiver>;

/** A stock bot's entry: its orders, the stocks they trade, and the stocks left out, each with why (issue 63). */
type StockEntry = { intents: OrderIntent[]; entered: string[]; refused: Array<{ stock: string; code: DomainErrorCode; reason: Said }> };

/** What the log line of a stock bot's placed entry says: the stocks traded, and the first left out with why. */
function stocksPlaced(entry: StockEntry, orders: number): Said {
  const [first, ...more] = entry.refused;
  return first === undefined ? webhookTexts.placedStocks(orders, entry.entered) : webhookTexts.placedStocksSomeRefused(orders, entry.entered, first.reason, more.length);
}
