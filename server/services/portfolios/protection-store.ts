// The rows of portfolio_protections (migration 061) as the service and the watcher read them, with the
// portfolio's account, and the portfolio's MTM read from its broker. Shared by protection-service.ts and
// protection-watcher.ts.
import type { Queryable } from '../../db/database.ts';
import type { BrokerTrading, Exchange, TradingAccount } from '../brokers/broker-trading.ts';
import { positionFigures } from '../brokers/paper/position-math.ts';
import type { ProtectionKind, ResolvedLevels } from '../../../quant/protection-levels.ts';
import type { ProtectionLevels } from './protection-rules.ts';

type Numeric = string | number | null;

export type ProtectionRow = {
  portfolio_id: number;
  portfolio_name: string;
  user_id: number;
  account_id: number;
  account_number: string;
  broker: string;
  session_expires_at: Date | null;
  levels: ProtectionLevels | string;
  margin_basis_paise: Numeric;
  stop_loss_paise: Numeric;
  target_paise: Numeric;
  trail_every_paise: Numeric;
  trail_by_paise: Numeric;
  lock_at_paise: Numeric;
  lock_keep_paise: Numeric;
  armed_at: Date;
  peak_mtm_paise: Numeric;
  last_mtm_paise: Numeric;
  checked_at: Date;
  fired_at: Date | null;
  fired_kind: ProtectionKind | null;
  fired_mtm_paise: Numeric;
  fired_level_paise: Numeric;
  exit_key: string | null;
  exit_status: 'pending' | 'done' | 'failed' | null;
  exit_message: string | null;
  exit_attempts: number;
  exit_tried_at: Date | null;
};

export const protectionSelect = `SELECT pp.*, p.name AS portfolio_name, a.user_id, a.id AS account_id, a.account_number, b.slug AS broker, a.session_expires_at
  FROM portfolio_protections pp JOIN portfolios p ON p.id = pp.portfolio_id JOIN broker_accounts a ON a.id = p.broker_account_id JOIN brokers b ON b.id = a.broker_id`;

const num = (value: Numeric): number | null => (value === null ? null : Number(value));

export function levelsOfRow(row: ProtectionRow): ResolvedLevels {
  return {
    stopLoss: num(row.stop_loss_paise),
    target: num(row.target_paise),
    trailEvery: num(row.trail_every_paise),
    trailBy: num(row.trail_by_paise),
    lockAt: num(row.lock_at_paise),
    lockKeep: num(row.lock_keep_paise),
  };
}

export const levelsAsSet = (row: ProtectionRow): ProtectionLevels => (typeof row.levels === 'string' ? (JSON.parse(row.levels) as ProtectionLevels) : row.levels);

export async function protectionOf(q: Queryable, portfolioId: number): Promise<ProtectionRow | null> {
  const { rows } = await q.query<ProtectionRow>(`${protectionSelect} WHERE pp.portfolio_id = $1`, [portfolioId]);
  return rows[0] ?? null;
}

/**
 * The portfolio's mark-to-market today: its positions' M2M (today's trades, and carried quantity marked from
 * the previous close, as Kite's positions show it) less today's charges, in paise: the day's net P&L the risk
 * limits watch, for this portfolio alone. `priced`: false when an open position had no market price.
 */
export async function portfolioMtm(broker: BrokerTrading, account: TradingAccount, portfolioId: number, day: string) {
  const entries = await broker.positionTotals(account, day, portfolioId);
  let mtmPaise = 0;
  let priced = true;
  const open: { exchange: Exchange; tradingsymbol: string; product: 'MIS' | 'NRML' }[] = [];
  /** Each open position's quantity and the price it was marked at: the MTM's slope in each price. */
  const marks: { exchange: Exchange; tradingsymbol: string; quantity: number; lastPaise: number }[] = [];
  for (const entry of entries) {
    const figures = positionFigures(entry.totals, entry.lastPaise, entry.closePaise);
    mtmPaise += figures.m2mPaise - entry.totals.dayChargesPaise;
    if (figures.quantity !== 0) {
      open.push({ exchange: entry.contract.exchange, tradingsymbol: entry.contract.tradingsymbol, product: entry.product });
      marks.push({ exchange: entry.contract.exchange, tradingsymbol: entry.contract.tradingsymbol, quantity: figures.quantity, lastPaise: entry.lastPaise });
      if (!entry.priced) priced = false;
    }
  }
  return { mtmPaise, priced, open, marks };
}
