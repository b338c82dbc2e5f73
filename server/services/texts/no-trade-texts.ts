// Why a bot's scheduled day produced no trade (a backtest's report today, a replay of a past day later), said
// twice like every trader's text (said.ts): English, and a code the app says in the trader's language. A
// reason the engine or the broker wrote (a refusal, a risk limit's words) travels inside as a LocalText.
import { said, type Said } from './said.ts';

type Hours = { entry: string; open: string; close: string };

export const noTradeTexts = {
  holiday: (name: string): Said => said('no_trade.holiday', { name }, `NSE was closed: ${name}.`),
  noHistory: said('no_trade.no_history', {}, 'A trading day without imported history for the index: nothing to trade on.'),
  beforeOpen: ({ entry, open, close }: Hours): Said =>
    said(
      'no_trade.before_open',
      { entry, open, close },
      `The entry time ${entry} is before the exchange opens (${open}–${close} IST that day): backtests and live trading keep exchange hours, only demo mode trades at any hour.`,
    ),
  afterClose: ({ entry, open, close }: Hours): Said =>
    said(
      'no_trade.after_close',
      { entry, open, close },
      `The entry time ${entry} is after the exchange closes (${open}–${close} IST that day): backtests and live trading keep exchange hours, only demo mode trades at any hour.`,
    ),
  noPrice: (reason: Said): Said => said('no_trade.no_price', { reason: reason.i18n }, `No price for a leg at the entry: ${reason.text}`),
  riskLimit: (reason: Said): Said => said('no_trade.risk_limit', { reason: reason.i18n }, `A risk limit stopped trading for the day: ${reason.text}`),
  killSwitch: (reason: Said): Said => said('no_trade.kill_switch', { reason: reason.i18n }, `The kill switch was on: ${reason.text}`),
  refused: (reason: Said): Said => said('no_trade.refused', { reason: reason.i18n }, `The entry was refused: ${reason.text}`),
  missed: (reason: Said): Said => said('no_trade.missed', { reason: reason.i18n }, `The entry was missed: ${reason.text}`),
  noSignal: (from: string, until: string): Said => said('no_trade.no_signal', { from, until }, `No signal between ${from} and ${until}.`),
  noEntry: said('no_trade.no_entry', {}, 'The bot did not enter.'),
} as const;
