// A portfolio protection's refusals and its alert (portfolios/protection-service.ts, protection-watcher.ts),
// said twice like every trader's text (said.ts): English, and a code the app words in the trader's language.
// Amounts travel in rupees.
import { formatPaise, toRupees } from '../brokers/paper/paise.ts';
import type { ProtectionKind } from '../../../quant/protection-levels.ts';
import { said, type Said } from './said.ts';

const kindWords: Record<ProtectionKind, string> = {
  stop_loss: 'Stop-loss',
  trailing_stop_loss: 'Trailing stop-loss',
  profit_lock: 'Profit lock',
  target: 'Target',
};

export const protectionTexts = {
  empty: said('refusal.protection_empty', {}, 'Set at least one level: a stop-loss, a target, a trailing stop-loss or a profit lock.'),
  zero: (field: string): Said => said('refusal.protection_zero', { field }, `${field}: must be more than zero.`),
  percentAbove100: (field: string): Said => said('refusal.protection_percent', { field }, `${field}: a percentage of margin is at most 100.`),
  noMargin: said(
    'refusal.protection_no_margin',
    {},
    'This portfolio blocks no margin now, so a level in percent of margin means nothing: set it in rupees.',
  ),
  trailNeedsStop: said('refusal.protection_trail_needs_stop', {}, 'A trailing stop-loss moves a stop-loss: set the stop-loss too.'),
  trailTooFast: (everyPaise: number, byPaise: number): Said =>
    said(
      'refusal.protection_trail_too_fast',
      { every: toRupees(everyPaise), by: toRupees(byPaise) },
      `The trailing stop-loss would move up by ${formatPaise(byPaise)}, more than the ${formatPaise(everyPaise)} the MTM rose: it would pass the MTM.`,
    ),
  lockKeepsTooMuch: (atPaise: number, keepPaise: number): Said =>
    said(
      'refusal.protection_lock_keep',
      { at: toRupees(atPaise), keep: toRupees(keepPaise) },
      `The profit lock must keep less than the MTM it starts at: ${formatPaise(keepPaise)} kept once the MTM reaches ${formatPaise(atPaise)}.`,
    ),
  lockBeyondTarget: (atPaise: number, targetPaise: number): Said =>
    said(
      'refusal.protection_lock_target',
      { at: toRupees(atPaise), target: toRupees(targetPaise) },
      `The profit lock starts at ${formatPaise(atPaise)}, at or beyond the target of ${formatPaise(targetPaise)}: the target would exit first.`,
    ),
  stopAtMtm: (levelPaise: number, mtmPaise: number): Said =>
    said(
      'refusal.protection_stop_at_mtm',
      { level: toRupees(levelPaise), mtm: toRupees(mtmPaise) },
      `A stop at an MTM of ${formatPaise(levelPaise)} would fire at once: the portfolio's MTM is ${formatPaise(mtmPaise)} now.`,
    ),
  targetAtMtm: (levelPaise: number, mtmPaise: number): Said =>
    said(
      'refusal.protection_target_at_mtm',
      { level: toRupees(levelPaise), mtm: toRupees(mtmPaise) },
      `A target at an MTM of ${formatPaise(levelPaise)} would fire at once: the portfolio's MTM is ${formatPaise(mtmPaise)} now.`,
    ),
  hitTitle: (portfolio: string, kind: ProtectionKind): Said =>
    said('alert.portfolio_protection_title', { portfolio, kind }, `${kindWords[kind]} hit: ${portfolio}`),
  hitBody: (mtmPaise: number, levelPaise: number): Said =>
    said(
      'alert.portfolio_protection_body',
      { mtm: toRupees(mtmPaise), level: toRupees(levelPaise) },
      `The MTM of ${formatPaise(mtmPaise)} reached ${formatPaise(levelPaise)}: the portfolio's positions are squared off and its working orders cancelled.`,
    ),
  /** The hit's alert when it paused the portfolio's running bots (`bots`: their names). */
  hitBodyPaused: (mtmPaise: number, levelPaise: number, bots: readonly string[]): Said =>
    said(
      'alert.portfolio_protection_paused_body',
      { mtm: toRupees(mtmPaise), level: toRupees(levelPaise), count: bots.length, bots: bots.join(', ') },
      `The MTM of ${formatPaise(mtmPaise)} reached ${formatPaise(levelPaise)}: the portfolio's positions are squared off, its working orders cancelled and ${bots.length === 1 ? 'its running bot' : `its ${bots.length} running bots`} paused (${bots.join(', ')}): resume ${bots.length === 1 ? 'it' : 'them'} when you choose.`,
    ),
  /** On the run of each bot the hit paused: its card and history say why it paused. */
  botPaused: (portfolio: string, kind: ProtectionKind, mtmPaise: number): Said =>
    said(
      'bot.paused_by_protection',
      { portfolio, kind, mtm: toRupees(mtmPaise) },
      `Paused: the ${kindWords[kind].toLowerCase()} of ${portfolio} was hit at an MTM of ${formatPaise(mtmPaise)} and its positions squared off. Resume the bot when you choose.`,
    ),
  /** On each working order of the portfolio cancelled by the exit. */
  cancelled: (kind: ProtectionKind): Said =>
    said('order.cancelled_by_protection', { kind }, `Cancelled by the portfolio's ${kindWords[kind].toLowerCase()}.`),
};
