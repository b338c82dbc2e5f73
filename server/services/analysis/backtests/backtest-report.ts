// The report of a backtest, read from its book after the run: every fill the paper broker recorded (with its
// charges), grouped into trades (from the book leaving flat to its return to flat), each leg's entry and exit,
// the rule that closed it (the bot action whose tag the order carries, "expiry" for the exchange's settlement),
// its product (its entry's MIS or NRML), the P&L of each day (cash of the day's fills, less charges, plus the
// change in value of what is held at the day's settlement prices), the equity curve with its drawdown (marked to
// market at each day's settlement prices, so it moves with the P&L beside it), and the summary figures. A future
// rolled to the next month (future-rolls.ts) stays in its trade: the month closed ends with the rule "roll", the
// month opened is a leg of the same trade, and the trade lists the roll with the spread it traded at.
import { pricedFills, slippagePaise } from '../../execution/execution-slippage.ts';
import type { components } from '../../../../openapi/main.d.ts';
import { riskLimitTag } from '../../trading/kill-switch-service.ts';
import { lateKillSwitchTag } from '../../trading/late-kill.ts';
import type { IndexName } from '../../market/index-config.ts';
import type { Book } from './backtest-book.ts';
import type { BacktestReport } from './backtest-jobs.ts';
import type { HistoryPrices } from './history-prices.ts';
import { isRollTag } from './future-rolls.ts';

type Schemas = components['schemas'];
type ExitRule = Schemas['BacktestExitRule'];
type Charges = Schemas['ChargeBreakdown'];
export type MarginSample = { day: string; marginPaise: number };
/** The instant the risk limits armed the book's kill switch, and why (see backtest-runner.ts). */
export type RiskStop = Schemas['BacktestRiskStop'];

type FillRow = {
  tradingsymbol: string;
  transaction_type: 'BUY' | 'SELL';
  quantity: number;
  price_paise: string;
  brokerage_paise: string;
  stt_paise: string;
  exchange_paise: string;
  sebi_paise: string;
  gst_paise: string;
  stamp_paise: string;
  call_and_trade_paise: string;
  kind: 'fill' | 'settlement';
  product: 'MIS' | 'NRML';
  day: string;
  filled_at: Date;
  tag: string | null;
  strike: number | null;
  expiry: string;
  option_type: 'CE' | 'PE' | 'FUT';
};

type ChargesPaise = { brokerage: number; stt: number; exchange: number; sebi: number; stamp_duty: number; gst: number; call_and_trade: number };
const noCharges = (): ChargesPaise => ({ brokerage: 0, stt: 0, exchange: 0, sebi: 0, stamp_duty: 0, gst: 0, call_and_trade: 0 });
const totalOf = (c: ChargesPaise) => c.brokerage + c.stt + c.exchange + c.sebi + c.stamp_duty + c.gst + c.call_and_trade;
const rupees = (paise: number) => Math.round(paise) / 100;

/**
 * The mean of rupee amounts, to the paisa, taken in whole paise (each trade's net is a paise amount written in
 * rupees): a mean of rupee floats can land a hair under a half paisa and round the wrong way (₹0.57 and ₹0.58
 * average ₹0.575, which floats make 57.4999… paise).
 */
export function averageRupees(amounts: readonly number[]): number | null {
  if (amounts.length === 0) return null;
  return rupees(amounts.reduce((sum, amount) => sum + Math.round(amount * 100), 0) / amounts.length);
}
const chargesOut = (c: ChargesPaise): Schemas['BacktestCharges'] => {
  const byKind: Charges = { brokerage: rupees(c.brokerage), stt: rupees(c.stt), exchange: rupees(c.exchange), sebi: rupees(c.sebi), stamp_duty: rupees(c.stamp_duty), gst: rupees(c.gst), call_and_trade: rupees(c.call_and_trade) };
  return { total: rupees(totalOf(c)), by_kind: byKind };
};

type Leg = {
  tradingsymbol: string;
  optionType: 'CE' | 'PE' | 'FUT';
  strike: number | null;
  expiry: string;
  side: 'BUY' | 'SELL';
  entryQty: number;
  entryValue: number;
  exitQty: number;
  exitValue: number;
  entryModelled: boolean;
  exitModelled: boolean;
  exitRule: ExitRule;
};
/** A roll's two sides as its fills add up (paise): the month closed and the month opened. */
type OpenRoll = { at: Date; from: string; to: string; side: 'BUY' | 'SELL'; closeQty: number; closeValue: number; openQty: number; openValue: number; charges: number };
type OpenTrade = {
  legs: Map<string, Leg>;
  cash: number;
  charges: ChargesPaise;
  enteredAt: Date;
  exitedAt: Date;
  rule: ExitRule;
  reason: string | null;
  product: 'MIS' | 'NRML';
  rolls: Map<string, OpenRoll>;
};
type LocalText = Schemas['LocalText'];

function addFillCharges(target: ChargesPaise, fill: FillRow): number {
  const parts = {
    brokerage: Number(fill.brokerage_paise),
    stt: Number(fill.stt_paise),
    exchange: Number(fill.exchange_paise),
    sebi: Number(fill.sebi_paise),
    stamp_duty: Number(fill.stamp_paise),
    gst: Number(fill.gst_paise),
    // The broker's ₹50 for squaring off an MIS position itself (its GST is in gst).
    call_and_trade: Number(fill.call_and_trade_paise),
  };
  for (const key of Object.keys(parts) as (keyof ChargesPaise)[]) target[key] += parts[key];
  return totalOf(parts);
}

/**
 * A stock contract held to expiry settles by delivery (paper broker, settlement.ts): its settlement trade closes an
 * option for nothing, and the shares move at the strike (paper_deliveries) with the delivery's STT and stamp duty.
 * The report values the shares at the final settlement price the day they are delivered: an option's settlement
 * is then its intrinsic value (what the delivery at the strike is worth against that price), a future's its
 * settlement price as it already is, and each delivery's charges are its contract's. Holding the shares afterwards
 * is no part of the backtest. `fills` are changed in place.
 */
async function withDeliveries(book: Book, prices: HistoryPrices, index: IndexName, fills: FillRow[]): Promise<void> {
  const { rows } = await book.db.query<{ tradingsymbol: string; contract_kind: 'FUT' | 'CE' | 'PE'; price_paise: string; stt_paise: string; stamp_paise: string; expiry: string }>(
    `SELECT tradingsymbol, contract_kind, price_paise, stt_paise, stamp_paise, to_char(expiry, 'YYYY-MM-DD') AS expiry FROM paper_deliveries WHERE broker_account_id = $1`,
    [book.account.id],
  );
  for (const delivery of rows) {
    const fill = fills.find((candidate) => candidate.kind === 'settlement' && candidate.tradingsymbol === delivery.tradingsymbol);
    if (fill === undefined) continue;
    if (delivery.contract_kind !== 'FUT') {
      const settlement = await prices.closingValuePaise(index, delivery.expiry, book.db);
      const strike = Number(delivery.price_paise);
      fill.price_paise = String(Math.max(0, delivery.contract_kind === 'CE' ? settlement - strike : strike - settlement));
    }
    fill.stt_paise = String(Number(fill.stt_paise) + Number(delivery.stt_paise));
    fill.stamp_paise = String(Number(fill.stamp_paise) + Number(delivery.stamp_paise));
  }
}

/** A roll's fill added to its side: the close (reducing the month held) or the opening (the next month). */
function addRollFill(trade: OpenTrade, fill: FillRow, opens: boolean, charges: number): void {
  const tag = fill.tag!;
  const roll = trade.rolls.get(tag) ?? { at: new Date(fill.filled_at), from: '', to: '', side: 'BUY', closeQty: 0, closeValue: 0, openQty: 0, openValue: 0, charges: 0 };
  const value = fill.quantity * Number(fill.price_paise);
  if (opens) {
    roll.to = fill.tradingsymbol;
    roll.side = fill.transaction_type;
    roll.openQty += fill.quantity;
    roll.openValue += value;
  } else {
    roll.from = fill.tradingsymbol;
    roll.closeQty += fill.quantity;
    roll.closeValue += value;
  }
  roll.charges += charges;
  trade.rolls.set(tag, roll);
}

/** A roll as the report answers it: the spread a unit (next less near) and the cash it cost before charges. */
function rollOut(roll: OpenRoll): Schemas['BacktestRoll'] {
  const closePrice = roll.closeValue / Math.max(1, roll.closeQty);
  const openPrice = roll.openValue / Math.max(1, roll.openQty);
  // A long pays for the next month what it bought and gets what it sold of the near one; a short the reverse.
  const paid = roll.side === 'BUY' ? roll.openValue - roll.closeValue : roll.closeValue - roll.openValue;
  return {
    at: roll.at.toISOString(),
    from: roll.from,
    to: roll.to,
    side: roll.side,
    quantity: roll.openQty,
    from_quantity: roll.closeQty,
    close_price: rupees(closePrice),
    open_price: rupees(openPrice),
    spread: rupees(openPrice - closePrice),
    spread_paid: rupees(paid),
    charges: rupees(roll.charges),
  };
}

export async function buildReport(
  book: Book,
  prices: HistoryPrices,
  index: IndexName,
  days: readonly string[],
  margins: readonly MarginSample[],
  riskStops: readonly RiskStop[] = [],
): Promise<BacktestReport> {
  const { rows: fills } = await book.db.query<FillRow>(
    `SELECT t.tradingsymbol, t.transaction_type, t.quantity, t.price_paise, t.brokerage_paise, t.stt_paise, t.exchange_paise, t.sebi_paise, t.gst_paise,
            t.stamp_paise, t.call_and_trade_paise, t.kind, t.product, to_char(t.trading_day, 'YYYY-MM-DD') AS day, t.filled_at, o.tag, i.strike, to_char(i.expiry, 'YYYY-MM-DD') AS expiry,
            i.instrument_type AS option_type
     FROM paper_trades t LEFT JOIN paper_orders o ON o.order_id = t.order_id JOIN instruments i ON i.instrument_token = t.instrument_token
     WHERE t.broker_account_id = $1 ORDER BY t.id`,
    [book.account.id],
  );
  await withDeliveries(book, prices, index, fills);
  const { rows: actions } = await book.db.query<{ idempotency_key: string; action: string; message: string | null }>('SELECT idempotency_key, action, message FROM bot_actions');
  const actionOf = new Map(actions.map((action) => [action.idempotency_key, action]));
  const exitRules = new Set<string>(['exit', 'stop_loss', 'target', 'trailing_stop', 'leg_stop_loss', 'signal_exit', 'pause_exit', 'condition_exit']);
  const ruleOf = (fill: FillRow): { rule: ExitRule; reason: string | null } => {
    if (fill.kind === 'settlement') return { rule: 'expiry', reason: 'Settled at the exchange’s settlement price' };
    if (isRollTag(fill.tag)) return { rule: 'roll', reason: 'Rolled to the next month' };
    if (fill.tag === lateKillSwitchTag || fill.tag === riskLimitTag || fill.tag?.startsWith('KS') === true) return { rule: 'kill_switch', reason: null };
    const action = fill.tag === null ? undefined : actionOf.get(fill.tag);
    if (action !== undefined && exitRules.has(action.action)) return { rule: action.action as ExitRule, reason: action.message };
    return { rule: 'exit', reason: action?.message ?? null };
  };
  const settleOf = (day: string, leg: { expiry: string; strike: number | null; optionType: 'CE' | 'PE' | 'FUT' }) =>
    leg.optionType === 'FUT'
      ? (prices.day(index, day)?.futures.get(leg.expiry)?.settlePaise ?? null)
      : (prices.day(index, day)?.options.get(`${leg.expiry}|${Math.round(Number(leg.strike) * 100)}|${leg.optionType}`)?.settlePaise ?? null);

  // ---- trades ----------------------------------------------------------------------------------------
  const trades: Schemas['BacktestTrade'][] = [];
  const held = new Map<string, { qty: number; expiry: string; strike: number | null; optionType: 'CE' | 'PE' | 'FUT' }>();
  const total = noCharges();
  let modelled = 0;
  let real = 0;
  // A fill's price was real when the contract's real minute was stored for the fill's instant: the same lookup
  // that quoted it (history-prices.ts), so the report cannot disagree with the price the fill got.
  const modelledFill = (fill: FillRow) =>
    fill.kind === 'fill' &&
    (fill.option_type === 'FUT' || prices.realMinute(index, fill.expiry, Math.round(Number(fill.strike) * 100), fill.option_type, new Date(fill.filled_at)) === null);
  let current: OpenTrade | null = null;
  const close = (trade: OpenTrade) => {
    const legs = [...trade.legs.values()].map((leg) => ({
      tradingsymbol: leg.tradingsymbol,
      option_type: leg.optionType,
      strike: leg.strike,
      expiry: leg.expiry,
      side: leg.side,
      quantity: leg.entryQty,
      entry_price: rupees(leg.entryValue / Math.max(1, leg.entryQty)),
      exit_price: rupees(leg.exitValue / Math.max(1, leg.exitQty)),
      entry_modelled: leg.entryModelled,
      exit_modelled: leg.exitModelled,
      exit_rule: leg.exitRule,
    }));
    const charges = totalOf(trade.charges);
    // A trade the kill switch closed names the risk limit that armed it (the last stop up to its exit).
    const stop = trade.rule === 'kill_switch' ? riskStops.filter((candidate) => Date.parse(candidate.at) <= trade.exitedAt.getTime()).at(-1) : undefined;
    const reasonI18n: { reason_i18n?: LocalText } = stop === undefined ? {} : { reason_i18n: stop.reason_i18n };
    const rolls = [...trade.rolls.values()].map(rollOut);
    trades.push({
      number: trades.length + 1,
      entered_at: trade.enteredAt.toISOString(),
      exited_at: trade.exitedAt.toISOString(),
      legs,
      gross_pnl: rupees(trade.cash),
      charges: chargesOut(trade.charges),
      net_pnl: rupees(trade.cash - charges),
      exit_rule: trade.rule,
      product: trade.product,
      reason: stop?.reason ?? trade.reason,
      ...reasonI18n,
      ...(rolls.length === 0 ? {} : { rolls }),
    });
  };
  const cashByDay = new Map<string, number>();
  for (const fill of fills) {
    const price = Number(fill.price_paise);
    const signed = fill.transaction_type === 'BUY' ? fill.quantity : -fill.quantity;
    const value = -signed * price;
    current ??= { legs: new Map(), cash: 0, charges: noCharges(), enteredAt: new Date(fill.filled_at), exitedAt: new Date(fill.filled_at), rule: 'exit', reason: null, product: fill.product, rolls: new Map() };
    const paid = addFillCharges(current.charges, fill);
    addFillCharges(total, fill);
    cashByDay.set(fill.day, (cashByDay.get(fill.day) ?? 0) + value - paid);
    const isModelled = modelledFill(fill);
    if (isModelled) modelled += 1;
    else if (fill.kind === 'fill') real += 1;
    current.cash += value;
    current.exitedAt = new Date(fill.filled_at);
    const position = held.get(fill.tradingsymbol) ?? { qty: 0, expiry: fill.expiry, strike: fill.strike === null ? null : Number(fill.strike), optionType: fill.option_type };
    let leg = current.legs.get(fill.tradingsymbol);
    if (leg === undefined) {
      leg = {
        tradingsymbol: fill.tradingsymbol,
        optionType: fill.option_type,
        strike: fill.strike === null ? null : Number(fill.strike),
        expiry: fill.expiry,
        side: fill.transaction_type,
        entryQty: 0,
        entryValue: 0,
        exitQty: 0,
        exitValue: 0,
        entryModelled: false,
        exitModelled: false,
        exitRule: 'exit',
      };
      current.legs.set(fill.tradingsymbol, leg);
    }
    const opens = position.qty === 0 || Math.sign(position.qty) === Math.sign(signed);
    if (isRollTag(fill.tag)) addRollFill(current, fill, opens, paid);
    if (opens) {
      leg.entryQty += fill.quantity;
      leg.entryValue += fill.quantity * price;
      leg.entryModelled ||= isModelled;
    } else {
      const { rule, reason } = ruleOf(fill);
      leg.exitQty += fill.quantity;
      leg.exitValue += fill.quantity * price;
      leg.exitModelled ||= isModelled;
      leg.exitRule = rule;
      current.rule = rule;
      current.reason = reason;
    }
    position.qty += signed;
    held.set(fill.tradingsymbol, position);
    // Flat between a roll's close and its opening is still the same trade.
    if (!isRollTag(fill.tag) && [...held.values()].every((open) => open.qty === 0)) {
      close(current);
      current = null;
    }
  }
  const lastDay = days[days.length - 1]!;
  if (current !== null) {
    // Still open after the last day: valued at that day's settlement prices (not modelled, not traded).
    for (const [symbol, position] of held) {
      if (position.qty === 0) continue;
      const leg = current.legs.get(symbol)!;
      const settle = settleOf(lastDay, position) ?? 0;
      leg.exitQty += Math.abs(position.qty);
      leg.exitValue += Math.abs(position.qty) * settle;
      leg.exitRule = 'end_of_backtest';
      current.cash += position.qty * settle;
    }
    current.rule = 'end_of_backtest';
    current.reason = null;
    close(current);
  }

  // ---- days, equity, drawdown --------------------------------------------------------------------------
  const positions = new Map<string, { qty: number; expiry: string; strike: number | null; optionType: 'CE' | 'PE' | 'FUT' }>();
  const daily: Schemas['BacktestDay'][] = [];
  const equity: Schemas['BacktestEquityPoint'][] = [];
  let previousValue = 0;
  let cumulative = 0;
  let peak = { paise: 0, day: days[0]! };
  let worst = { amount: 0, from: null as string | null, to: null as string | null, days: 0 };
  let fillIndex = 0;
  for (const [position, day] of days.entries()) {
    for (; fillIndex < fills.length && fills[fillIndex]!.day <= day; fillIndex += 1) {
      const fill = fills[fillIndex]!;
      const open = positions.get(fill.tradingsymbol) ?? { qty: 0, expiry: fill.expiry, strike: fill.strike === null ? null : Number(fill.strike), optionType: fill.option_type };
      open.qty += fill.transaction_type === 'BUY' ? fill.quantity : -fill.quantity;
      positions.set(fill.tradingsymbol, open);
    }
    let value = 0;
    for (const open of positions.values()) if (open.qty !== 0) value += open.qty * (settleOf(day, open) ?? 0);
    const pnl = (cashByDay.get(day) ?? 0) + value - previousValue;
    previousValue = value;
    cumulative += pnl;
    if (cumulative > peak.paise) peak = { paise: cumulative, day };
    const drawdown = peak.paise - cumulative;
    if (drawdown > worst.amount) {
      worst = { amount: drawdown, from: peak.day, to: day, days: position - days.indexOf(peak.day) };
    }
    daily.push({ date: day, pnl: rupees(pnl) });
    equity.push({ date: day, equity: rupees(book.account.capitalPaise + cumulative), drawdown: rupees(drawdown) });
  }

  const nets = trades.map((trade) => trade.net_pnl);
  const wins = nets.filter((net) => net > 0);
  const losses = nets.filter((net) => net <= 0);
  const byPnl = [...daily].sort((a, b) => a.pnl - b.pnl);
  const totalCharges = totalOf(total);
  // What the account's execution policy cost against the mid (issue 60): only when it placed LIMIT orders.
  const policyFills = await pricedFills(book.db, book.account.id);
  return {
    summary: {
      net_pnl: rupees(cumulative),
      gross_pnl: rupees(cumulative + totalCharges),
      charges: chargesOut(total),
      trades: trades.length,
      win_rate: trades.length === 0 ? null : wins.length / trades.length,
      avg_win: averageRupees(wins),
      avg_loss: averageRupees(losses),
      expectancy: averageRupees(nets),
      max_drawdown: { amount: rupees(worst.amount), from: worst.from, to: worst.to, days: worst.days },
      best_day: byPnl.at(-1) ?? null,
      worst_day: byPnl[0] ?? null,
      max_margin: rupees(Math.max(0, ...margins.map((sample) => sample.marginPaise))),
      modelled_share: fills.length === 0 ? 0 : modelled / fills.length,
      real_fills: real,
      modelled_fills: modelled,
      trading_days: days.length,
      ...(policyFills.length === 0 ? {} : { execution_slippage: { amount: rupees(slippagePaise(policyFills)), orders: policyFills.length } }),
    },
    trades,
    equity,
    daily,
    risk_stops: [...riskStops],
  };
}
