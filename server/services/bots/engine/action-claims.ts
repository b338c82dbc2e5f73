// Claiming a bot action (bot-engine.ts says why): the bot_actions row inserted before the broker call, unique
// per bot, trading day, action, sequence and leg, so whoever inserts it acts and any other instance or tick
// does nothing. A failed exit is claimed again for another attempt once its retry delay has passed.
import { isPgError, pgErrorCodes, type Database } from '../../../db/database.ts';
import { actionKey, type BotActionName } from './action-keys.ts';
import { actionColumns, toAction } from './engine-store.ts';
import type { ActionPhase, ActionRow, EngineBot, StoppedLeg } from './engine-types.ts';

/** A claim older than this is a crash's leftover, reconciled from the order book. */
export const staleClaimMs = 30_000;
/**
 * How long an action's orders may stay working at a live broker (Kite answers a MARKET order before the
 * exchange fills it) before the engine cancels what is left and settles the action with what filled: the
 * bot never chases a price, and never leaves an order it no longer follows.
 */
export const workingPatienceMs = 120_000;
export const isWorking = (order: { status: string }) => order.status === 'OPEN' || order.status === 'TRIGGER PENDING';

/** Whether a claim is still the one read: a takeover's compare-and-set moves claimed_at before any order is placed. */
export async function claimStillHeld(db: Database, action: ActionRow): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM bot_actions WHERE id = $1 AND status = 'claimed' AND claimed_at = $2`, [action.id, action.claimedAt]);
  return rows.length > 0;
}

/** A failed exit is tried again after this long (its cause, a closed market or a missing price, may pass). */
const exitRetryMs = 60_000;

/** The bot_actions.leg column's bound (migration 015). */
const legLength = 64;
/** What ends a leg column cut to its bound: the last name in it is then only its beginning. */
export const legCut = '…';

/**
 * What bot_actions.leg stores of a leg: its tradingsymbol, or the contracts a partial exit names (an exit alert
 * naming several stocks, a partly refused entry's fills) cut to the column's bound, so a long list is stored
 * shortened rather than refused by the database. The same value is written and looked up.
 */
const legColumn = (leg: StoppedLeg | null): string | null =>
  leg === null ? null : leg.tradingsymbol.length <= legLength ? leg.tradingsymbol : `${leg.tradingsymbol.slice(0, legLength - 1)}${legCut}`;

/** `leg`: the stopped leg of a per-leg stop (its phase 'adjust', or 'exit' when it closes the rest). */
export async function claimAction(db: Database, bot: EngineBot, day: string, action: BotActionName, sequence: number, phase: ActionPhase, now: Date, leg: StoppedLeg | null = null): Promise<ActionRow | null> {
  const keyFor = (attempt: number) => actionKey(bot.kind, bot.id, day, action, sequence, attempt, leg?.index ?? null);
  const { rows } = await db.query<Parameters<typeof toAction>[0]>(
    `INSERT INTO bot_actions (bot_kind, bot_id, trading_day, action, sequence, phase, leg, status, claimed_at, idempotency_key)
     VALUES ($1, $2, $3::date, $4, $5, $6, $7, 'claimed', $8, $9) ON CONFLICT DO NOTHING RETURNING ${actionColumns}`,
    [bot.kind, bot.id, day, action, sequence, phase, legColumn(leg), now, keyFor(1)],
  );
  if (rows[0] !== undefined) return toAction(rows[0]);
  if (phase === 'entry') return null;
  // The same exit failed before: claim it again for another attempt, once its retry delay has passed.
  const { rows: failed } = await db.query<{ id: string; attempts: number }>(
    `SELECT id, attempts FROM bot_actions WHERE bot_kind = $1 AND bot_id = $2 AND trading_day = $3::date AND action = $4 AND sequence = $5
       AND leg IS NOT DISTINCT FROM $6 AND status = 'failed' AND completed_at <= $7`,
    [bot.kind, bot.id, day, action, sequence, legColumn(leg), new Date(now.getTime() - exitRetryMs)],
  );
  const row = failed[0];
  if (row === undefined) return null;
  // The phase too: a leg stop that failed as an adjustment may be retried as the exit of the rest.
  const retry = [row.id, now, keyFor(row.attempts + 1), row.attempts, phase];
  let retried: Array<Parameters<typeof toAction>[0]>;
  try {
    ({ rows: retried } = await db.query<Parameters<typeof toAction>[0]>(
      `UPDATE bot_actions SET status = 'claimed', attempts = attempts + 1, phase = $5, claimed_at = $2, completed_at = NULL, message = NULL, idempotency_key = $3
       WHERE id = $1 AND status = 'failed' AND attempts = $4 RETURNING ${actionColumns}`,
      retry,
    ));
  } catch (error) {
    // Another exit of this sequence went live first (bot_actions_one_exit): it is that one's turn. Any other
    // error (a lost connection) is the tick's to count, not a turn to give away.
    if (isPgError(error, pgErrorCodes.uniqueViolation)) return null;
    throw error;
  }
  // Another instance retried this attempt first (attempts moved on): it acts.
  return retried[0] === undefined ? null : toAction(retried[0]);
}
