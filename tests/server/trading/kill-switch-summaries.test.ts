// What the kill switch tells the trader once it is on (issue 26, from the mutation run): how many working
// orders it cancelled (each named with what it was for: issue 62) and exits it filled, which exits it could not fill and why (the first one's reason,
// coded when the broker coded it), the answer over every account, and why it stopped a bot. No server.
import { describe, expect, it } from 'vitest';
import { said, words } from '../../../server/services/texts/said.ts';
import { armedSummary, botStopReason, notClosed, purposeOf, switchedOnMessage } from '../../../server/services/trading/kill-switch-summaries.ts';

const filled = { status: 'COMPLETE' as const, status_message: null, status_message_i18n: null };
const noBid = said('order.market_protection_no_bid', { low: 0, high: 10 }, 'Market order cancelled by market protection: there is no bid.');
const cancelledForNoBid = { status: 'CANCELLED' as const, status_message: noBid.text, status_message_i18n: noBid.i18n };
const stopLoss = { tradingsymbol: 'NIFTY26JAN26000CE', purpose: 'stoploss' as const };
const target = { tradingsymbol: 'NIFTY26JAN26000CE', purpose: 'target' as const };
type Named = { tradingsymbol: string; purpose: string };
/** One cancelled order's code in the summary's list, `next` the rest ('' after the last). */
const orderCode = (order: Named, lead = 'first', next: unknown = '') => ({ code: 'kill_switch.cancelled_order', params: { lead, symbol: order.tradingsymbol, purpose: order.purpose, next } });

describe("an account's outcome once the kill switch closed what it could", () => {
  it('counts one working order and one exit in the singular, none and several in the plural', () => {
    expect(armedSummary({ cancelled: [stopLoss], exits: [filled] })).toEqual({
      text: 'New orders blocked; 1 working order cancelled (NIFTY26JAN26000CE stop-loss); 1 exit filled',
      i18n: { code: 'kill_switch.armed_named', params: { cancelled: 1, filled: 1, orders: orderCode(stopLoss) } },
    });
    expect(armedSummary({ cancelled: [], exits: [] })).toEqual({
      text: 'New orders blocked; 0 working orders cancelled; 0 exits filled',
      i18n: { code: 'kill_switch.armed', params: { cancelled: 0, filled: 0 } },
    });
    expect(armedSummary({ cancelled: [stopLoss, target], exits: [filled, filled] }).text).toBe(
      'New orders blocked; 2 working orders cancelled (NIFTY26JAN26000CE stop-loss, NIFTY26JAN26000CE target); 2 exits filled',
    );
  });

  it("names each cancelled order's contract and purpose, in the order cancelled, one placed elsewhere as such (issue 62)", () => {
    const outside = { tradingsymbol: 'NIFTY26JAN25900PE', purpose: null };
    const entry = { tradingsymbol: 'NIFTY26JAN26000PE', purpose: 'entry' as const };
    const summary = armedSummary({ cancelled: [target, stopLoss, entry, outside], exits: [] });
    expect(summary.text).toBe(
      'New orders blocked; 4 working orders cancelled (NIFTY26JAN26000CE target, NIFTY26JAN26000CE stop-loss, NIFTY26JAN26000PE entry, NIFTY26JAN25900PE placed outside StrikeDesk); 0 exits filled',
    );
    // A chain of codes, each order's `next` the rest of the list, so the app says it in the trader's language.
    expect(summary.i18n.params.orders).toEqual(
      orderCode(target, 'first', orderCode(stopLoss, 'next', orderCode(entry, 'next', { code: 'kill_switch.cancelled_order', params: { lead: 'next', symbol: 'NIFTY26JAN25900PE', purpose: 'outside', next: '' } }))),
    );
    expect(purposeOf({ tag: null, purpose: 'entry' })).toBeNull();
    expect(purposeOf({ tag: 'k1', purpose: 'stoploss' })).toBe('stoploss');
  });

  it('counts only the filled exits as filled, and asks the trader to close the one left, saying why with its code', () => {
    expect(armedSummary({ cancelled: [], exits: [filled, cancelledForNoBid] })).toEqual({
      text: `New orders blocked; 0 working orders cancelled; 1 exit filled; 1 exit not filled (${noBid.text}): close it yourself`,
      i18n: { code: 'kill_switch.armed_exits_failed', params: { cancelled: 0, filled: 1, failed: 1, reason: noBid.i18n } },
    });
  });

  it("names several exits left, the first one's reason, and its status when the broker gave no message", () => {
    const rejected = { status: 'REJECTED' as const, status_message: null, status_message_i18n: null };
    expect(armedSummary({ cancelled: [target], exits: [rejected, cancelledForNoBid] })).toEqual({
      text: 'New orders blocked; 1 working order cancelled (NIFTY26JAN26000CE target); 0 exits filled; 2 exits not filled (REJECTED): close them yourself',
      i18n: { code: 'kill_switch.armed_named_exits_failed', params: { cancelled: 1, filled: 0, failed: 2, reason: words('REJECTED').i18n, orders: orderCode(target) } },
    });
  });

  it("shows a live broker's own uncoded message as it is in every language", () => {
    const live = { status: 'REJECTED' as const, status_message: 'RMS: blocked', status_message_i18n: null };
    expect(armedSummary({ cancelled: [], exits: [live] }).i18n.params).toEqual({ cancelled: 0, filled: 0, failed: 1, reason: { code: 'text', params: { text: 'RMS: blocked' } } });
  });

  it("says the broker's refusal to close anything, and how to finish", () => {
    expect(notClosed('Token expired')).toEqual({
      text: 'New orders blocked. Working orders and positions could not be closed (Token expired): turn the kill switch on again to close them.',
      i18n: { code: 'kill_switch.not_closed', params: { reason: { code: 'text', params: { text: 'Token expired' } } } },
    });
  });
});

describe('the answer to turning the kill switch on', () => {
  it('says when the trader has no broker account to stop', () => {
    expect(switchedOnMessage([])).toEqual({ text: 'You have no broker account to stop.', i18n: { code: 'kill_switch.no_account', params: {} } });
  });

  it('says everything is closed only when every account is flat', () => {
    expect(switchedOnMessage([{ flat: true }])).toEqual({
      text: 'Kill switch on for 1 account: new orders blocked, everything closed.',
      i18n: { code: 'kill_switch.on_flat', params: { accounts: 1 } },
    });
    expect(switchedOnMessage([{ flat: true }, { flat: true }]).text).toBe('Kill switch on for 2 accounts: new orders blocked, everything closed.');
    expect(switchedOnMessage([{ flat: true }, { flat: false }])).toEqual({
      text: "Kill switch on for 2 accounts: new orders blocked, but not everything is closed. Read each account's outcome.",
      i18n: { code: 'kill_switch.on_not_flat', params: { accounts: 2 } },
    });
    expect(switchedOnMessage([{ flat: false }]).text).toBe("Kill switch on for 1 account: new orders blocked, but not everything is closed. Read each account's outcome.");
  });
});

describe('why the kill switch stopped a bot', () => {
  it("gives the arming's reason, else who turned it on", () => {
    expect(botStopReason({ source: 'header', reason: words('Too volatile') })).toEqual({
      text: 'Kill switch: Too volatile',
      i18n: { code: 'bot.stopped_kill_switch', params: { reason: { code: 'text', params: { text: 'Too volatile' } } } },
    });
    expect(botStopReason({ source: 'header', reason: null })).toEqual({
      text: 'Kill switch: turned on by you',
      i18n: { code: 'bot.stopped_kill_switch_by_you', params: {} },
    });
    expect(botStopReason({ source: 'risk_limit', reason: null })).toEqual({
      text: 'Kill switch: a risk limit was breached',
      i18n: { code: 'bot.stopped_kill_switch_risk_limit', params: {} },
    });
  });
});
