// A portfolio protection as the trader sets it (rupees, or percent of the portfolio's margin now) checked and
// resolved to paise (quant/protection-levels.ts). Refusals are coded (texts/protection-texts.ts): 422 invalid_params
// for a level that means nothing (a zero step, a lock that keeps more than it starts at) or that would fire
// the moment it is set (a stop at or above the MTM now, a target at or below it).
import type { components } from '../../../openapi/main.d.ts';
import { DomainError } from '../domain-error.ts';
import { toPaise } from '../brokers/paper/paise.ts';
import { protectionTexts } from '../texts/protection-texts.ts';
import type { Said } from '../texts/said.ts';
import { stopInForce, type ResolvedLevels } from '../../../quant/protection-levels.ts';

type Schemas = components['schemas'];
export type ProtectionLevels = Schemas['PortfolioProtectionLevels'];
type Amount = Schemas['ProtectionAmount'];

const refuse = (text: Said, field: string) => DomainError.said('invalid_params', text, { field });

/** Paise of an amount; a percentage is of `marginPaise`, rounded to the paisa. `zeroAllowed`: the profit lock may keep 0 (break-even). */
function paiseOf(amount: Amount, field: string, marginPaise: number, zeroAllowed = false): number {
  if (amount.value === 0 && !zeroAllowed) throw refuse(protectionTexts.zero(field), field);
  if (amount.unit === 'inr') return toPaise(amount.value);
  if (amount.value > 100) throw refuse(protectionTexts.percentAbove100(field), field);
  if (marginPaise <= 0) throw refuse(protectionTexts.noMargin, field);
  return Math.round((marginPaise * amount.value) / 100);
}

/** The levels checked on their own (not yet against the MTM) and in paise. */
export function resolveLevels(levels: ProtectionLevels, marginPaise: number): ResolvedLevels {
  const stopLoss = levels.stop_loss == null ? null : paiseOf(levels.stop_loss, 'stop_loss', marginPaise);
  const target = levels.target == null ? null : paiseOf(levels.target, 'target', marginPaise);
  const trailing = levels.trailing ?? null;
  const lock = levels.profit_lock ?? null;
  if (stopLoss === null && target === null && trailing === null && lock === null) throw refuse(protectionTexts.empty, 'stop_loss');
  if (trailing !== null && stopLoss === null) throw refuse(protectionTexts.trailNeedsStop, 'trailing');
  const trailEvery = trailing === null ? null : paiseOf(trailing.every, 'trailing.every', marginPaise);
  const trailBy = trailing === null ? null : paiseOf(trailing.by, 'trailing.by', marginPaise);
  if (trailEvery !== null && trailBy !== null && trailBy > trailEvery) throw refuse(protectionTexts.trailTooFast(trailEvery, trailBy), 'trailing.by');
  const lockAt = lock === null ? null : paiseOf(lock.at, 'profit_lock.at', marginPaise);
  const lockKeep = lock === null ? null : paiseOf(lock.keep, 'profit_lock.keep', marginPaise, true);
  if (lockAt !== null && lockKeep !== null && lockKeep >= lockAt) throw refuse(protectionTexts.lockKeepsTooMuch(lockAt, lockKeep), 'profit_lock.keep');
  if (lockAt !== null && target !== null && lockAt >= target) throw refuse(protectionTexts.lockBeyondTarget(lockAt, target), 'profit_lock.at');
  return { stopLoss, target, trailEvery, trailBy, lockAt, lockKeep };
}

/** Refuses levels that the MTM now already hits: armed, they would square the portfolio off at once. */
export function checkAgainstMtm(levels: ResolvedLevels, mtmPaise: number): void {
  if (levels.target !== null && levels.target <= mtmPaise) throw refuse(protectionTexts.targetAtMtm(levels.target, mtmPaise), 'target');
  const stop = stopInForce(levels, mtmPaise);
  if (stop !== null && stop.level >= mtmPaise) {
    throw refuse(protectionTexts.stopAtMtm(stop.level, mtmPaise), stop.kind === 'profit_lock' ? 'profit_lock.keep' : 'stop_loss');
  }
}
