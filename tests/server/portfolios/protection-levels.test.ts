// The arithmetic of a portfolio protection (quant/protection-levels.ts and
// protection-rules.ts), in paise: each kind fires at its MTM and not a paisa before, the trailing stop moves
// by whole steps of new high MTM, the profit lock engages once reached, and levels that mean nothing or would
// fire at once are refused with their code.
import { describe, expect, it } from 'vitest';
import { hitBy, stopInForce, type ResolvedLevels } from '../../../quant/protection-levels.ts';
import { checkAgainstMtm, resolveLevels } from '../../../server/services/portfolios/protection-rules.ts';
import { DomainError } from '../../../server/services/domain-error.ts';

const none: ResolvedLevels = { stopLoss: null, target: null, trailEvery: null, trailBy: null, lockAt: null, lockKeep: null };
const inr = (value: number) => ({ value, unit: 'inr' as const });
const pct = (value: number) => ({ value, unit: 'pct' as const });

function refusal(run: () => unknown): { code: string; field: string | undefined; text: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, field: error.field, text: error.text?.i18n.code ?? '' };
    throw error;
  }
  throw new Error('not refused');
}

describe('portfolio protection levels', () => {
  it('fires the stop-loss at −loss and not a paisa before', () => {
    const levels = { ...none, stopLoss: 500_000 };
    expect(hitBy(levels, 0, -499_999)).toBeNull();
    expect(hitBy(levels, 0, -500_000)).toEqual({ kind: 'stop_loss', level: -500_000 });
  });

  it('fires the target at its profit and not a paisa before', () => {
    const levels = { ...none, target: 300_000 };
    expect(hitBy(levels, 299_999, 299_999)).toBeNull();
    expect(hitBy(levels, 300_000, 300_000)).toEqual({ kind: 'target', level: 300_000 });
  });

  it('moves the trailing stop up by Y for every whole X of new high MTM, and never down', () => {
    // Stop-loss ₹5,000; for every ₹1,000 of new high, ₹500 up.
    const levels = { ...none, stopLoss: 500_000, trailEvery: 100_000, trailBy: 50_000 };
    expect(stopInForce(levels, 99_999)).toEqual({ level: -500_000, kind: 'stop_loss' });
    expect(stopInForce(levels, 100_000)).toEqual({ level: -450_000, kind: 'trailing_stop_loss' });
    expect(stopInForce(levels, 350_000)).toEqual({ level: -350_000, kind: 'trailing_stop_loss' });
    // The peak made the stop −₹3,500: an MTM of −₹3,499.99 holds, −₹3,500 fires as the trailing stop.
    expect(hitBy(levels, 350_000, -349_999)).toBeNull();
    expect(hitBy(levels, 350_000, -350_000)).toEqual({ kind: 'trailing_stop_loss', level: -350_000 });
    // A loss below zero never moves it.
    expect(stopInForce(levels, -200_000)).toEqual({ level: -500_000, kind: 'stop_loss' });
  });

  it('locks the profit once the MTM reached it, above a lower stop, and not before', () => {
    const levels = { ...none, stopLoss: 500_000, lockAt: 400_000, lockKeep: 150_000 };
    expect(hitBy(levels, 399_999, 140_000)).toBeNull();
    expect(stopInForce(levels, 400_000)).toEqual({ level: 150_000, kind: 'profit_lock' });
    expect(hitBy(levels, 420_000, 150_001)).toBeNull();
    expect(hitBy(levels, 420_000, 150_000)).toEqual({ kind: 'profit_lock', level: 150_000 });
    // On its own (no stop-loss) the lock is the only stop, once engaged.
    expect(stopInForce({ ...none, lockAt: 100_000, lockKeep: 0 }, 50_000)).toBeNull();
    expect(hitBy({ ...none, lockAt: 100_000, lockKeep: 0 }, 100_000, 0)).toEqual({ kind: 'profit_lock', level: 0 });
  });

  it('keeps the trailed stop when it is above the lock', () => {
    const levels = { ...none, stopLoss: 100_000, trailEvery: 100_000, trailBy: 100_000, lockAt: 200_000, lockKeep: 50_000 };
    // Peak ₹5,000: trailed to −₹1,000 + 5 × ₹1,000 = ₹4,000, above the ₹500 locked.
    expect(stopInForce(levels, 500_000)).toEqual({ level: 400_000, kind: 'trailing_stop_loss' });
  });

  it('resolves percentages of the margin when set, rounded to the paisa', () => {
    // Margin ₹1,23,456.78: 2 % is ₹2,469.1356 → ₹2,469.14.
    const resolved = resolveLevels({ stop_loss: pct(2), target: inr(5000) }, 12_345_678);
    expect(resolved).toEqual({ ...none, stopLoss: 246_914, target: 500_000 });
  });

  it('refuses levels that mean nothing, each with its code and field', () => {
    expect(refusal(() => resolveLevels({}, 100))).toMatchObject({ code: 'invalid_params', text: 'refusal.protection_empty' });
    expect(refusal(() => resolveLevels({ stop_loss: inr(1000), trailing: { every: inr(0), by: inr(100) } }, 0))).toEqual({
      code: 'invalid_params',
      field: 'trailing.every',
      text: 'refusal.protection_zero',
    });
    expect(refusal(() => resolveLevels({ trailing: { every: inr(100), by: inr(50) } }, 0))).toMatchObject({ text: 'refusal.protection_trail_needs_stop' });
    expect(refusal(() => resolveLevels({ stop_loss: inr(1000), trailing: { every: inr(100), by: inr(150) } }, 0))).toMatchObject({
      field: 'trailing.by',
      text: 'refusal.protection_trail_too_fast',
    });
    expect(refusal(() => resolveLevels({ profit_lock: { at: inr(1000), keep: inr(1000) } }, 0))).toMatchObject({ text: 'refusal.protection_lock_keep' });
    expect(refusal(() => resolveLevels({ target: inr(1000), profit_lock: { at: inr(1000), keep: inr(0) } }, 0))).toMatchObject({ text: 'refusal.protection_lock_target' });
    expect(refusal(() => resolveLevels({ stop_loss: pct(2) }, 0))).toMatchObject({ field: 'stop_loss', text: 'refusal.protection_no_margin' });
    expect(refusal(() => resolveLevels({ stop_loss: pct(101) }, 100_000))).toMatchObject({ text: 'refusal.protection_percent' });
    // A lock keeping break-even is a level, not a zero.
    expect(resolveLevels({ profit_lock: { at: inr(1000), keep: inr(0) } }, 0)).toMatchObject({ lockAt: 100_000, lockKeep: 0 });
  });

  it('refuses a stop at or above the MTM now and a target at or below it', () => {
    // MTM −₹6,000: a ₹5,000 stop-loss (−₹5,000) is above it.
    expect(refusal(() => checkAgainstMtm({ ...none, stopLoss: 500_000 }, -600_000))).toEqual({
      code: 'invalid_params',
      field: 'stop_loss',
      text: 'refusal.protection_stop_at_mtm',
    });
    expect(() => checkAgainstMtm({ ...none, stopLoss: 500_000 }, -499_999)).not.toThrow();
    expect(refusal(() => checkAgainstMtm({ ...none, target: 100_000 }, 100_000))).toMatchObject({ field: 'target', text: 'refusal.protection_target_at_mtm' });
    // A lock the MTM now already engages keeps less than the MTM (keep < at ≤ MTM): armed, it waits.
    expect(() => checkAgainstMtm({ ...none, lockAt: 100_000, lockKeep: 99_999 }, 100_000)).not.toThrow();
  });
});
