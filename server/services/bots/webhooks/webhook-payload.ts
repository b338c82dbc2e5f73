// The alert a bot's webhook takes (docs/api.md#webhooks): a small JSON a TradingView alert message can carry,
// or ChartInk's own fixed body (its alert's name says the action). Read strictly: an unknown field, a wrong
// type or an impossible value is a 400 that names the field, and nothing is placed.
//
//   { "action": "enter", "alert_id": "{{timenow}}", "timestamp": "{{timenow}}", "lots": 1,
//     "legs": [{ "strike": "ATM+2", "option_type": "CE", "side": "SELL", "limit_price": 42.5 },
//              { "tradingsymbol": "NIFTY26D0126400CE", "side": "BUY" }] }
import { DomainError } from '../../domain-error.ts';
import { webhookTexts } from '../../texts/webhook-texts.ts';

export type AlertAction = 'enter' | 'exit' | 'buy' | 'sell';
export type AlertExpiry = 'current_weekly' | 'next_weekly' | 'monthly';
type Side = 'BUY' | 'SELL';

/** A leg around the money (`offset` strike steps above ATM for both kinds, below when negative) or a named contract. */
export type AlertLeg =
  | { kind: 'around_atm'; optionType: 'CE' | 'PE'; offset: number; side: Side | null; lots: number | null; limitPaise: number | null }
  | { kind: 'symbol'; tradingsymbol: string; side: Side | null; lots: number | null; limitPaise: number | null };

export type Alert = {
  action: AlertAction;
  alertId: string | null;
  /** When the sender says the alert fired; null when it does not say. */
  sentAt: Date | null;
  lots: number | null;
  expiry: AlertExpiry | null;
  legs: AlertLeg[];
  /**
   * The stocks the alert names (issue 63), upper case, each once, in the alert's order: ChartInk's `stocks`
   * ("RELIANCE,TCS"), or `stocks` in the JSON form (a text like ChartInk's, or a list). Only a bot whose underlying
   * is the stock named in the alert trades them; an index bot's ChartInk alerts name stocks it ignores.
   */
  stocks: string[];
  /** ChartInk's own body: its `stocks` are always there, and an index bot's scan alerts ignore them. */
  chartink: boolean;
};

export const maxAlertLegs = 4;
/** A scan firing on more stocks than this at once is refused whole (each stock is an entry of its own lots). */
export const maxAlertStocks = 10;
const actions: readonly AlertAction[] = ['enter', 'exit', 'buy', 'sell'];
const expiries: readonly AlertExpiry[] = ['current_weekly', 'next_weekly', 'monthly'];
const alertFields = new Set(['action', 'alert_id', 'timestamp', 'lots', 'expiry', 'legs', 'stocks']);
const legFields = new Set(['strike', 'option_type', 'tradingsymbol', 'side', 'lots', 'limit_price']);
/** ChartInk's webhook body (its fields are fixed; the alert's name carries the action). */
const chartinkFields = new Set(['stocks', 'trigger_prices', 'triggered_at', 'scan_name', 'scan_url', 'alert_name', 'webhook_url']);

const invalid = (field: string, expected: string) => DomainError.said('validation_failed', webhookTexts.payloadInvalid(field, expected), { field });
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function lotsOf(value: unknown, field: string): number | null {
  if (value === undefined) return null;
  const lots = typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : value;
  if (typeof lots !== 'number' || !Number.isInteger(lots) || lots < 1 || lots > 1000) throw invalid(field, 'a whole number of lots from 1 to 1000');
  return lots;
}

/** Rupees on the 0.05 tick, as paise. */
function limitPaiseOf(value: unknown, field: string): number | null {
  if (value === undefined || value === null) return null;
  const rupees = typeof value === 'string' && /^\d{1,7}(\.\d{1,2})?$/.test(value) ? Number(value) : value;
  if (typeof rupees !== 'number' || !Number.isFinite(rupees) || rupees <= 0 || rupees > 1_000_000) throw invalid(field, 'a price in rupees above 0');
  const paise = Math.round(rupees * 100);
  // Whole paise here; the tick is the exchange's on the alert's day, which the receiver checks (price-rules).
  if (Math.abs(paise - rupees * 100) > 1e-6) throw invalid(field, 'a price in whole paise');
  return paise;
}

function sideOf(value: unknown, field: string): Side | null {
  if (value === undefined) return null;
  const side = typeof value === 'string' ? value.toUpperCase() : value;
  if (side !== 'BUY' && side !== 'SELL') throw invalid(field, 'BUY or SELL');
  return side;
}

/** "ATM", "ATM+2", "ATM-1" (strike steps from the money). */
function offsetOf(value: unknown, field: string): number {
  const match = typeof value === 'string' ? /^ATM(?:([+-])(\d{1,2}))?$/i.exec(value.trim()) : null;
  if (match === null) throw invalid(field, '"ATM", or "ATM+n" / "ATM-n" strike steps (n up to 99)');
  return match[1] === undefined ? 0 : (match[1] === '-' ? -1 : 1) * Number(match[2]);
}

function legOf(value: unknown, index: number): AlertLeg {
  const at = `legs.${index}`;
  if (!isObject(value)) throw invalid(at, 'an object');
  for (const key of Object.keys(value)) if (!legFields.has(key)) throw invalid(`${at}.${key}`, `no such field (one of ${[...legFields].join(', ')})`);
  const common = { side: sideOf(value.side, `${at}.side`), lots: lotsOf(value.lots, `${at}.lots`), limitPaise: limitPaiseOf(value.limit_price, `${at}.limit_price`) };
  if (value.tradingsymbol !== undefined) {
    if (value.strike !== undefined || value.option_type !== undefined) throw invalid(`${at}.tradingsymbol`, 'either a tradingsymbol or a strike and option_type, not both');
    if (typeof value.tradingsymbol !== 'string' || !/^[A-Z0-9-]{1,40}$/.test(value.tradingsymbol)) throw invalid(`${at}.tradingsymbol`, 'an exchange tradingsymbol (A–Z, 0–9)');
    return { kind: 'symbol', tradingsymbol: value.tradingsymbol, ...common };
  }
  const optionType = typeof value.option_type === 'string' ? value.option_type.toUpperCase() : value.option_type;
  if (optionType !== 'CE' && optionType !== 'PE') throw invalid(`${at}.option_type`, 'CE or PE');
  return { kind: 'around_atm', optionType, offset: offsetOf(value.strike, `${at}.strike`), ...common };
}

/**
 * "RELIANCE,TCS" (ChartInk's own form), or a list of symbols; TradingView's {{ticker}} may carry its exchange
 * ("NSE:RELIANCE"), which is dropped. Symbols as NSE writes them (M&M, BAJAJ-AUTO), each kept once.
 */
function stocksOf(value: unknown, field: string): string[] {
  if (value === undefined || value === null || value === '') return [];
  const named = typeof value === 'string' ? value.split(',') : Array.isArray(value) && value.every((item) => typeof item === 'string') ? (value as string[]) : null;
  if (named === null) throw invalid(field, 'stock symbols, as "RELIANCE,TCS" or a list');
  const stocks: string[] = [];
  for (const name of named) {
    const symbol = name.trim().toUpperCase().replace(/^NSE:/, '');
    if (symbol === '') continue;
    if (!/^[A-Z0-9][A-Z0-9&-]{0,19}$/.test(symbol)) throw invalid(field, `stock symbols as NSE writes them (A–Z, 0–9, & and -), not "${name.trim().slice(0, 30)}"`);
    if (!stocks.includes(symbol)) stocks.push(symbol);
  }
  return stocks;
}

/** ISO 8601 (TradingView's {{timenow}}) or Unix seconds. */
function sentAtOf(value: unknown): Date | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number' || (typeof value === 'string' && /^\d{9,11}$/.test(value))) {
    const seconds = Number(value);
    if (Number.isInteger(seconds) && seconds > 0 && seconds < 1e11) return new Date(seconds * 1000);
  } else if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})$/.test(value)) {
    const at = Date.parse(value);
    if (Number.isFinite(at)) return new Date(at);
  }
  throw invalid('timestamp', 'an ISO 8601 time with its zone, or Unix seconds');
}

function alertIdOf(value: unknown, field: string): string | null {
  if (value === undefined || value === null) return null;
  const id = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  if (typeof id !== 'string' || id.trim() === '' || id.length > 64) throw invalid(field, 'a text of 1 to 64 characters');
  return id.trim();
}

function actionOf(value: unknown, field: string): AlertAction {
  const action = typeof value === 'string' ? value.trim().toLowerCase() : value;
  if (!actions.includes(action as AlertAction)) throw invalid(field, 'enter, exit, buy or sell');
  return action as AlertAction;
}

/**
 * ChartInk's body: the action is the first word of the alert's name ("enter NIFTY breakout"); legs are the bot's
 * own. Its `triggered_at` is a time of day ("9:20 am"), so its id is dated by the IST day it arrived on
 * (`enter NIFTY breakout@9:20 am 2026-11-23`): the same scan at 9:20 tomorrow is a new alert (issue 60).
 */
function chartinkAlert(body: Record<string, unknown>, arrivedOn: string): Alert {
  const name = typeof body.alert_name === 'string' ? body.alert_name : '';
  const action = actionOf(name.trim().split(/\s+/)[0] ?? '', 'alert_name');
  // 40 + 1 + 12 + 1 + 10: within an alert id's 64 characters.
  const triggered = typeof body.triggered_at === 'string' ? body.triggered_at.trim().slice(0, 12) : '';
  const alertId = triggered === '' ? null : alertIdOf(`${name.slice(0, 40)}@${triggered} ${arrivedOn}`, 'alert_name');
  return { action, alertId, sentAt: null, lots: null, expiry: null, legs: [], stocks: stocksOf(body.stocks, 'stocks'), chartink: true };
}

/** `arrivedOn`: the IST date the delivery arrived on, which dates ChartInk's time-of-day id. */
export function parseAlert(body: unknown, arrivedOn: string): Alert {
  if (!isObject(body)) throw invalid('body', 'a JSON object');
  if (body.alert_name !== undefined && Object.keys(body).every((key) => chartinkFields.has(key))) return chartinkAlert(body, arrivedOn);
  for (const key of Object.keys(body)) if (!alertFields.has(key)) throw invalid(key, `no such field (one of ${[...alertFields].join(', ')})`);
  const action = actionOf(body.action, 'action');
  const expiry = body.expiry === undefined ? null : body.expiry;
  if (expiry !== null && !expiries.includes(expiry as AlertExpiry)) throw invalid('expiry', 'current_weekly, next_weekly or monthly');
  const legs = body.legs === undefined ? [] : body.legs;
  if (!Array.isArray(legs)) throw invalid('legs', 'a list of legs');
  if (legs.length > maxAlertLegs) throw DomainError.said('alert_over_limit', webhookTexts.tooManyLegs(legs.length, maxAlertLegs), { field: 'legs' });
  return {
    action,
    alertId: alertIdOf(body.alert_id, 'alert_id'),
    sentAt: sentAtOf(body.timestamp),
    lots: lotsOf(body.lots, 'lots'),
    expiry: expiry as AlertExpiry | null,
    legs: legs.map(legOf),
    stocks: stocksOf(body.stocks, 'stocks'),
    chartink: false,
  };
}

/**
 * The alert id a refused delivery shows, for its log line (issue 62): the parsed body's `alert_id` when it is a
 * valid one, else, for bytes that did not parse as JSON, an `"alert_id": "…"` found in them. Null when none is
 * readable: the refusal is logged all the same.
 */
export function readableAlertId(body: unknown, raw: Buffer): string | null {
  if (isObject(body) && body.alert_id !== undefined) {
    try {
      return alertIdOf(body.alert_id, 'alert_id');
    } catch {
      return null;
    }
  }
  const found = /"alert_id"\s*:\s*(?:"([^"\\]{1,64})"|(\d{1,15})\b)/.exec(raw.toString('utf8', 0, 64 * 1024));
  return found === null ? null : (found[1] ?? found[2])!.trim() || null;
}
