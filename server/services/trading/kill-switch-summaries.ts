// What the kill switch tells the trader once it is on: each account's outcome (what was cancelled, filled or
// left open), the overall answer, and why it stopped a bot. Said in English and as codes (said.ts). Pure, so
// the counting and the plurals are checked without a server (kill-switch-summaries.test.ts).
import type { components } from '../../../openapi/main.d.ts';
import { said, words, type LocalText, type Said, type TextParams } from '../texts/said.ts';
import { claimLeaseMs } from './idempotency.ts';

type Schemas = components['schemas'];
type Exit = Pick<Schemas['Order'], 'status' | 'status_message' | 'status_message_i18n'>;
/** A cancelled order as the summary names it: its contract and what it was for (null: placed outside StrikeDesk). */
type Cancelled = { tradingsymbol: string; purpose?: Schemas['OrderPurpose'] | null | undefined };

/** What a cancelled order was for: an order StrikeDesk placed always carries its tag, one without was placed elsewhere (null). */
export const purposeOf = (order: { tag: string | null; purpose: Schemas['OrderPurpose'] }): Schemas['OrderPurpose'] | null => (order.tag === null ? null : order.purpose);

const purposeWords: Record<Schemas['OrderPurpose'], string> = {
  entry: 'entry',
  stoploss: 'stop-loss',
  target: 'target',
  squareoff: 'square-off',
  auto_squareoff: 'MIS square-off',
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Why the broker could not be asked to close anything: its session is over. */
export const sessionOver = said(
  'kill_switch.session_over',
  {},
  'New orders blocked. Working orders and positions could not be reached because the broker session is over: log in to the broker, then turn the kill switch on again to cancel and close them.',
);

/** The audit event's summary until the flatten reports: what stays true if this server stops before it does. */
export const unfinished = said(
  'kill_switch.unfinished',
  {},
  'New orders blocked. Closing working orders and positions did not finish: turn the kill switch on again to close them.',
);

/**
 * How long an arm's flatten may still be at work before its provisional summary ("did not finish") is its outcome:
 * the server that armed it stopped before reporting. The arming key's lease (idempotency.ts): past it, a retry of
 * the arm takes over and closes what is open, which is what "did not finish: turn the kill switch on again" asks.
 * The alert watcher tells an arm once it is settled, or once this has passed.
 */
export const flattenGraceMs = claimLeaseMs;

/**
 * What the audit event says while its flatten runs (settled_at still null, for at most `flattenGraceMs`): the
 * stored "did not finish" is for a server that stopped before reporting, not for a flatten still at work.
 */
export const closing = said('kill_switch.closing', {}, 'New orders blocked. Cancelling working orders and closing positions…');

/** The broker refused to close anything (its own message): the block holds, and the trader is told how to finish. */
export function notClosed(brokerMessage: string): Said {
  return said(
    'kill_switch.not_closed',
    { reason: words(brokerMessage).i18n },
    `New orders blocked. Working orders and positions could not be closed (${brokerMessage}): turn the kill switch on again to close them.`,
  );
}

/**
 * Each cancelled order's contract and purpose, so a trader reads which was the stop-loss and which the target
 * (issue 62): a chain of codes, each order's `next` the rest of the list ('' after the last), said in any language.
 */
function cancelledList(cancelled: readonly Cancelled[]): Said | null {
  let rest: Said | null = null;
  for (let index = cancelled.length - 1; index >= 0; index -= 1) {
    const { tradingsymbol, purpose } = cancelled[index]!;
    const lead = index === 0 ? 'first' : 'next';
    const what = purpose === undefined || purpose === null ? 'placed outside StrikeDesk' : purposeWords[purpose];
    const text: string = `${index === 0 ? '' : ', '}${tradingsymbol} ${what}${rest?.text ?? ''}`;
    rest = said('kill_switch.cancelled_order', { lead, symbol: tradingsymbol, purpose: purpose ?? 'outside', next: rest?.i18n ?? '' }, text);
  }
  return rest;
}

/**
 * An account's outcome once the broker was asked to close everything: what it cancelled (each order named with
 * what it was for), the exits not filled, and why the first was not.
 */
export function armedSummary(result: { cancelled: readonly Cancelled[]; exits: readonly Exit[] }): Said {
  const cancelled = result.cancelled.length;
  const filled = result.exits.filter((order) => order.status === 'COMPLETE').length;
  const failed = result.exits.filter((order) => order.status !== 'COMPLETE');
  const named = cancelledList(result.cancelled);
  const orders: TextParams = named === null ? {} : { orders: named.i18n };
  const done = `New orders blocked; ${plural(cancelled, 'working order', 'working orders')} cancelled${named === null ? '' : ` (${named.text})`}; ${plural(filled, 'exit', 'exits')} filled`;
  const first = failed[0];
  if (first === undefined) return said(named === null ? 'kill_switch.armed' : 'kill_switch.armed_named', { cancelled, filled, ...orders }, done);
  const reasonText = first.status_message ?? first.status;
  const reason: LocalText = first.status_message_i18n ?? words(reasonText).i18n;
  return said(
    named === null ? 'kill_switch.armed_exits_failed' : 'kill_switch.armed_named_exits_failed',
    { cancelled, filled, failed: failed.length, reason, ...orders },
    `${done}; ${plural(failed.length, 'exit', 'exits')} not filled (${reasonText}): close ${failed.length === 1 ? 'it' : 'them'} yourself`,
  );
}

/** The answer to the trader's arming, over every account it armed. */
export function switchedOnMessage(results: readonly { flat: boolean }[]): Said {
  const accounts = results.length;
  if (accounts === 0) return said('kill_switch.no_account', {}, 'You have no broker account to stop.');
  if (results.every((result) => result.flat)) {
    return said('kill_switch.on_flat', { accounts }, `Kill switch on for ${plural(accounts, 'account', 'accounts')}: new orders blocked, everything closed.`);
  }
  return said(
    'kill_switch.on_not_flat',
    { accounts },
    `Kill switch on for ${plural(accounts, 'account', 'accounts')}: new orders blocked, but not everything is closed. Read each account's outcome.`,
  );
}

/** Why the kill switch stopped a bot (its run's reason and the bot's alert). */
export function botStopReason(arming: { source: Schemas['KillSwitchSource']; reason: Said | null }): Said {
  if (arming.reason !== null) return said('bot.stopped_kill_switch', { reason: arming.reason.i18n }, `Kill switch: ${arming.reason.text}`);
  return arming.source === 'risk_limit'
    ? said('bot.stopped_kill_switch_risk_limit', {}, 'Kill switch: a risk limit was breached')
    : said('bot.stopped_kill_switch_by_you', {}, 'Kill switch: turned on by you');
}

/** The broker's own kill switch (Dhan's) turned on after StrikeDesk's flattened the account. */
export const brokerSwitchOn = (broker: string, account: string) =>
  said('kill_switch.broker_on', { broker, account }, `${broker}'s own kill switch is on for the day: ${broker} refuses every new order on ${account}, from any app, until tomorrow.`);

/** Not tried: the broker turns its switch on only once nothing is open. */
export const brokerSwitchNotFlat = (broker: string) =>
  said('kill_switch.broker_not_flat', { broker }, `${broker}'s own kill switch was not turned on: ${broker} turns it on only once every position is closed and no order is working.`);

export const brokerSwitchRefused = (broker: string, reason: string) =>
  said('kill_switch.broker_refused', { broker, reason }, `${broker}'s own kill switch could not be turned on: ${reason}`);

export const brokerSwitchOff = (broker: string) => said('kill_switch.broker_off', { broker }, `${broker}'s own kill switch is off.`);
