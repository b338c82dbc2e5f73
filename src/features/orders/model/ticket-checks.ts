// What the order window checks before its review step, so a trader learns what is wrong while typing rather
// than from a rejection: the broker's own rules (paper/order-rules.ts, Kite's), worked in integer paise so
// 0.1 + 0.2 never decides whether a price sits on the 0.05 tick.

/** Options trade in steps of ₹0.05. */
export const tickPaise = 5;

export type TicketKind = 'MARKET' | 'LIMIT' | 'SL';

export type TicketInput = {
  side: 'BUY' | 'SELL';
  type: TicketKind;
  lotsText: string;
  priceText: string;
  triggerText: string;
  /** The contract's last price in rupees; null while unknown (the trigger's side is then left to the broker). */
  lastPrice: number | null;
};

export type LotsProblem = 'lotsMissing' | 'lotsWhole' | 'lotsMin';
export type PriceProblem = 'priceMissing' | 'priceTick' | 'priceBelowTrigger' | 'priceAboveTrigger';
export type TriggerProblem = 'triggerMissing' | 'triggerTick' | 'triggerNotAboveLast' | 'triggerNotBelowLast';
export type TicketProblem = LotsProblem | PriceProblem | TriggerProblem;

/** The first problem of each field, absent when the field is right (or not asked for). */
export type TicketChecks = { lots?: LotsProblem; price?: PriceProblem; trigger?: TriggerProblem };

/** Rupees typed by the trader, as paise; null when not a positive amount to the paisa. */
export function typedPaise(text: string): number | null {
  const trimmed = text.trim();
  if (!/^(\d+(\.\d{0,2})?|\.\d{1,2})$/.test(trimmed)) return null;
  const paise = Math.round(Number(trimmed) * 100);
  return paise > 0 ? paise : null;
}

/** Whether typed rupees are a positive amount (to the paisa or not); a price off the tick is still a price. */
const typedAmount = (text: string) => text.trim() !== '' && Number.isFinite(Number(text)) && Number(text) > 0;

const onTick = (text: string) => {
  const paise = typedPaise(text);
  return paise !== null && paise % tickPaise === 0;
};

function lotsProblem(text: string): LotsProblem | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return 'lotsMissing';
  if (!/^-?\d+$/.test(trimmed)) return 'lotsWhole';
  return Number(trimmed) < 1 ? 'lotsMin' : undefined;
}

/** Every check of the window, field by field. */
export function checkTicket(input: TicketInput): TicketChecks {
  const checks: TicketChecks = {};
  const lots = lotsProblem(input.lotsText);
  if (lots !== undefined) checks.lots = lots;
  if (input.type === 'MARKET') return checks;

  const price = typedPaise(input.priceText);
  if (!typedAmount(input.priceText)) checks.price = 'priceMissing';
  else if (!onTick(input.priceText)) checks.price = 'priceTick';
  if (input.type !== 'SL') return checks;

  const trigger = typedPaise(input.triggerText);
  if (!typedAmount(input.triggerText)) checks.trigger = 'triggerMissing';
  else if (!onTick(input.triggerText) || trigger === null) checks.trigger = 'triggerTick';
  else if (input.lastPrice !== null) {
    const lastPaise = Math.round(input.lastPrice * 100);
    // A buy stop fires when the price rises to it, a sell stop when it falls to it: set on the wrong side it fires at once.
    if (input.side === 'BUY' && trigger <= lastPaise) checks.trigger = 'triggerNotAboveLast';
    if (input.side === 'SELL' && trigger >= lastPaise) checks.trigger = 'triggerNotBelowLast';
  }
  if (checks.price === undefined && checks.trigger === undefined && price !== null && trigger !== null) {
    if (input.side === 'BUY' && price < trigger) checks.price = 'priceBelowTrigger';
    if (input.side === 'SELL' && price > trigger) checks.price = 'priceAboveTrigger';
  }
  return checks;
}

/** The first problem in the order the fields are on screen: what the disabled button says. */
export function firstProblem(checks: TicketChecks): TicketProblem | null {
  return checks.lots ?? checks.price ?? checks.trigger ?? null;
}

/**
 * A price one tick up or down from what is typed (snapped to the tick first), never below one tick; an empty
 * or unreadable field starts from `from` (the last price).
 */
export function stepPrice(text: string, direction: 1 | -1, from: number | null): string {
  const typed = typedAmount(text) ? Math.round(Number(text) * 100) : from === null ? null : Math.round(from * 100);
  if (typed === null) return text;
  const snapped = direction === 1 ? Math.floor(typed / tickPaise) * tickPaise + tickPaise : Math.ceil(typed / tickPaise) * tickPaise - tickPaise;
  return (Math.max(tickPaise, snapped) / 100).toFixed(2);
}

/** Lots one up or down from what is typed, at least 1. */
export function stepLots(text: string, direction: 1 | -1): string {
  const typed = /^\d+$/.test(text.trim()) ? Number(text) : 0;
  return String(Math.max(1, typed + direction));
}
