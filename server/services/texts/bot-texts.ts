// Why a bot's day went as it did, in the words its history shows (a run's reason, an action's message),
// said twice like every trader's text: English for the API's historic fields, a code for the app to say in
// the trader's language. A reason inside a sentence (a broker's refusal) is a LocalText of its own.
import type { BotActionName } from '../bots/engine/action-keys.ts';
import { DomainError } from '../domain-error.ts';
import { said, words, type Said } from './said.ts';

const exitWords: Partial<Record<BotActionName, string>> = {
  exit: 'exited at its exit time',
  stop_loss: 'stop-loss hit',
  target: 'target reached',
  trailing_stop: 'trailing stop hit',
  leg_stop_loss: "a leg's stop-loss hit",
  signal_exit: 'exited on the opposite signal',
  pause_exit: 'exited on pause',
  condition_exit: 'exited on its exit condition',
};

export const refusedByBroker = said('alert.refused_by_broker', {}, 'Refused by the broker.');

export const botTexts = {
  /** Why an exit closed the position (the run's reason, the alert's title): the action's own words. */
  exitReason: (action: BotActionName): Said => said('bot.exit_reason', { action }, exitWords[action] ?? action),
  entryRefused: (failure: Said | null): Said => {
    const reason = failure ?? refusedByBroker;
    return said('bot.entry_refused', { reason: reason.i18n }, `Entry refused: ${reason.text}`);
  },
  entryPartlyRefused: (failure: Said | null): Said => {
    const reason = failure ?? refusedByBroker;
    return said('bot.entry_partly_refused', { reason: reason.i18n }, `Entry partly refused (${reason.text}): exiting what filled`);
  },
  /** A stock-alert bot's exit of what a partly refused entry filled, its other stocks kept (issue 63): the alert's title. */
  partialEntryClosedTitle: (bot: string): Said => said('alert.bot_partial_entry_closed_title', { bot }, `${bot}: closed what its refused entry filled`),
  /**
   * An exit alert's exit of some of a stock-alert bot's stocks, refused (issue 63): the alert's title names those
   * stocks (its action's leg column, the stocks joined by commas), as the trader's alert named them, not a leg.
   */
  stockExitRefusedTitle: (bot: string, stocks: string): Said => {
    const named = stocks.split(',').join(', ');
    return said('alert.bot_stock_exit_refused_title', { bot, stocks: named }, `${bot}: exit of ${named} refused`);
  },
  /**
   * Why, and what comes next: the engine's rules never decide an alert's exit of some stocks, so nothing retries it
   * by itself (action-claims.ts retries it when an alert naming the same stocks comes a minute or more later).
   */
  stockExitRefusedBody: (failure: Said | null): Said => {
    const reason = failure ?? refusedByBroker;
    return said(
      'alert.bot_stock_exit_refused_body',
      { reason: reason.i18n },
      `${reason.text} The bot does not try this exit again by itself: an exit alert naming these stocks a minute or more from now tries again, and the bot's own exit closes them with the rest.`,
    );
  },
  /** The contracts that exit closed, and those the bot still holds. */
  partialEntryClosedBody: (closed: readonly string[], held: readonly string[]): Said =>
    said(
      'alert.bot_partial_entry_closed_body',
      { closed: closed.join(', '), holds: held.length > 0 ? 'yes' : 'no', held: held.join(', ') },
      `Closed ${closed.join(', ')}, what the entry filled before it was refused.${held.length > 0 ? ` Still held: ${held.join(', ')}.` : ''}`,
    ),
  /** An order of the action the broker refused or cancelled, with the broker's reason. */
  orderRefused: (tradingsymbol: string, reason: Said): Said =>
    said('bot.order_refused', { tradingsymbol, reason: reason.i18n }, `${tradingsymbol}: ${reason.text}`),
  missedLate: (entryFrom: string, minutesLate: number): Said =>
    said(
      'bot.missed_late',
      { time: entryFrom, minutes: minutesLate },
      `Entry at ${entryFrom} missed: the engine ran ${minutesLate} minutes late (more than 10), so it did not enter`,
    ),
  startedAfterEntry: (entryFrom: string): Said =>
    said('bot.started_after_entry', { time: entryFrom }, `Started after today's entry time (${entryFrom}): the first entry is on the next trading day`),
  missedInterrupted: said(
    'bot.missed_interrupted',
    {},
    'Entry interrupted (the server stopped before the broker call) and now too late: not placed',
  ),
  missedTitle: (bot: string): Said => said('bot.missed_title', { bot }, `${bot} missed its entry`),
  /**
   * A leg's stop-loss alert: the short leg bought back, the hedges closed with it, why a hedge was not sold
   * (`unsold`, null when it was), the legs still open, and whether their stop-loss moved to cost.
   */
  legStopBody: ({ leg, hedges, unsold, open, atCost }: { leg: string; hedges: readonly string[]; unsold: Said | null; open: readonly string[]; atCost: boolean }): Said => {
    const closed = hedges.length > 0 ? ` and closed its hedge ${hedges.join(', ')}` : '';
    const notSold = unsold === null ? '' : ` Its hedge was not sold (${unsold.text}): it stays until the position's exit.`;
    const cost = atCost ? ' Their stop-loss is now at cost (the entry price).' : '';
    return said(
      'alert.bot_leg_stop_body',
      {
        leg,
        hedged: hedges.length > 0 ? 'yes' : 'no',
        hedges: hedges.join(', '),
        sold: unsold === null ? 'yes' : 'no',
        ...(unsold === null ? {} : { reason: unsold.i18n }),
        open: open.join(', '),
        at_cost: atCost ? 'yes' : 'no',
      },
      `Bought back ${leg}${closed}.${notSold} Still open: ${open.join(', ')}.${cost}`,
    );
  },
};

/** Why a broker call failed, as the trader reads it: a refusal's coded words when it has them. */
export function failureOf(error: unknown): Said {
  if (error instanceof DomainError && error.text !== undefined) return error.text;
  return words(error instanceof Error ? error.message : String(error));
}
