// What an entry must respect on every broker before it is planned: the account's kill switch, the F&O ban list
// and its per-order risk limits (lots per order, trades today, open positions). Each broker says how many entries
// it placed today and which positions it holds; the rules are the same.
import type { Queryable } from '../../db/database.ts';
import { DomainError } from '../domain-error.ts';
import { killSwitchRefusal, type Instrument, type OrderIntent, type TradingAccount } from './broker-trading.ts';
import { parseTradingsymbol } from '../market/tradingsymbol.ts';
import { banListTexts } from '../texts/ban-list-texts.ts';
import { refusalTexts } from '../texts/refusal-texts.ts';
import type { Said } from '../texts/said.ts';

export type EntryGuards = { killedAt: Date | null; maxTradesToday: number | null; maxLotsPerOrder: number | null; maxOpenPositions: number | null };

/** The guards' columns, of broker_accounts `a` joined with risk_limits `r` (LEFT JOIN risk_limits r ON r.broker_account_id = a.id). */
export const entryGuardColumns = 'a.kill_switch_armed_at, r.max_trades_today, r.max_lots_per_order, r.max_open_positions';

export type EntryGuardRow = { kill_switch_armed_at: Date | null; max_trades_today: number | null; max_lots_per_order: number | null; max_open_positions: number | null };

export function entryGuardsOf(row: EntryGuardRow | undefined): EntryGuards {
  const armedAt = row?.kill_switch_armed_at ?? null;
  return {
    killedAt: armedAt === null ? null : new Date(armedAt),
    maxTradesToday: row?.max_trades_today ?? null,
    maxLotsPerOrder: row?.max_lots_per_order ?? null,
    maxOpenPositions: row?.max_open_positions ?? null,
  };
}

/**
 * Since when the account's kill switch is armed and its per-order risk limits; `lock` takes the account's
 * row (the paper broker serialises an account's changes on it: arming writes that row, so an order that
 * waited reads the armed switch — 009-kill-switch-risk-limits.sql), FOR NO KEY UPDATE as every trading lock
 * of the account (trading/intent-gate.ts armedAt).
 */
export async function readEntryGuards(q: Queryable, accountId: number, lock: boolean): Promise<EntryGuards> {
  const { rows } = await q.query<EntryGuardRow>(
    `SELECT ${entryGuardColumns} FROM broker_accounts a LEFT JOIN risk_limits r ON r.broker_account_id = a.id WHERE a.id = $1${lock ? ' FOR NO KEY UPDATE OF a' : ''}`,
    [accountId],
  );
  return entryGuardsOf(rows[0]);
}

/** What the broker holds, asked only when a limit needs it. */
export type Holdings = {
  entriesToday: () => Promise<number>;
  /** `instrumentToken:product` of each open position. */
  openKeys: () => Promise<Set<string>>;
  /** The stocks in the F&O ban on the order's trade date (market/ban-list/), each with that date. */
  banned: () => Promise<ReadonlyMap<string, string>>;
  /** The account's net quantity (signed, long above 0) of each contract and product, by positionKey. */
  positionQuantities: () => Promise<ReadonlyMap<string, number>>;
};

/** A contract and product's key in `Holdings.positionQuantities`. */
export const positionKey = (exchange: string, tradingsymbol: string, product: string) => `${exchange}:${tradingsymbol}:${product}`;

/**
 * During a ban the exchange takes only orders that reduce the client's exposure in the stock (NSE, from 8 Dec
 * 2025): an order on a banned stock's contract is taken only when it shrinks or closes the account's position in
 * that contract and product (the side opposite to it, no more than it holds, counting the request's earlier orders
 * on it). Anything else on such a contract, an option or a future, is refused with the reason.
 */
async function guardBan(resolved: ReadonlyArray<{ intent: OrderIntent }>, holdings: Holdings): Promise<void> {
  const banned = await holdings.banned();
  if (banned.size === 0) return;
  let remaining: Map<string, number> | null = null;
  for (const [index, { intent }] of resolved.entries()) {
    const underlying = parseTradingsymbol(intent.tradingsymbol, (symbol) => banned.has(symbol))?.underlying;
    if (underlying === undefined) continue;
    remaining ??= new Map(await holdings.positionQuantities());
    const key = positionKey(intent.exchange, intent.tradingsymbol, intent.product);
    const open = remaining.get(key) ?? 0;
    const change = intent.side === 'BUY' ? intent.quantity : -intent.quantity;
    const reduces = open !== 0 && Math.sign(open) === -Math.sign(change) && intent.quantity <= Math.abs(open);
    if (!reduces) {
      const field = resolved.length === 1 ? 'tradingsymbol' : `orders.${index}.tradingsymbol`;
      throw DomainError.said('security_in_ban', banListTexts.orderInBan(underlying, intent.tradingsymbol, banned.get(underlying)!), { field });
    }
    remaining.set(key, open + change);
  }
}

/** Refuses entries while the kill switch is armed, entries adding to a banned stock, and entries that would go past a per-order risk limit. */
export async function guardEntries(
  account: TradingAccount,
  guards: EntryGuards,
  resolved: ReadonlyArray<{ intent: OrderIntent; contract: Pick<Instrument, 'lotSize' | 'tradingsymbol' | 'instrumentToken'> }>,
  holdings: Holdings,
): Promise<void> {
  if (guards.killedAt !== null) throw killSwitchRefusal(account.accountNumber, guards.killedAt);
  await guardBan(resolved, holdings);
  const refuse = (text: Said, field?: string) => {
    throw DomainError.said('risk_limit_exceeded', text, { field });
  };
  if (guards.maxLotsPerOrder !== null) {
    resolved.forEach(({ intent, contract }, index) => {
      const lots = intent.quantity / contract.lotSize;
      if (lots > guards.maxLotsPerOrder!) {
        refuse(refusalTexts.riskLotsPerOrder(lots, contract.tradingsymbol, guards.maxLotsPerOrder!), resolved.length === 1 ? 'quantity' : `orders.${index}.quantity`);
      }
    });
  }
  if (guards.maxTradesToday !== null) {
    const today = await holdings.entriesToday();
    if (today + resolved.length > guards.maxTradesToday) refuse(refusalTexts.riskTradesToday(today, guards.maxTradesToday));
  }
  if (guards.maxOpenPositions !== null) {
    const held = await holdings.openKeys();
    const adding = new Set(resolved.map(({ intent, contract }) => `${contract.instrumentToken}:${intent.product}`).filter((key) => !held.has(key)));
    if (held.size + adding.size > guards.maxOpenPositions) refuse(refusalTexts.riskOpenPositions(held.size + adding.size, guards.maxOpenPositions));
  }
}
