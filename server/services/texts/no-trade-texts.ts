// Why a bot's scheduled day produced no trade (a backtest's report today, a replay of a past day later), said
// twice like every trader's text (said.ts): English, and a code the app says in the trader's language. A
// reason the engine or the broker wrote (a refusal, a risk limit's words) travels inside as a LocalText.
import { formatPaise } from '../brokers/paper/paise.ts';
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
  // An entry condition that failed (issue 62): named, then why (bots/engine/condition-miss-reason.ts).
  conditionNoIndex: (condition: Said, time: string): Said =>
    said('no_trade.condition_no_index', { condition: condition.i18n, time }, `Its entry condition (${condition.text}) could not be read: no index price for the minute of ${time} that day.`),
  conditionNoPrices: (condition: Said, time: string, modelled: boolean): Said =>
    said(
      'no_trade.condition_no_prices',
      { condition: condition.i18n, time, modelled: modelled ? 'yes' : 'no' },
      `Its entry condition (${condition.text}) could not be read: no price for the straddle’s legs at ${time}${modelled ? ' (the day has no minute prices: its bhavcopy only)' : ''}.`,
    ),
  conditionNotMet: (condition: Said, window: { from: string; until: string }, modelled: boolean): Said =>
    said(
      'no_trade.condition_not_met',
      { condition: condition.i18n, ...window, modelled: modelled ? 'yes' : 'no' },
      `Its entry condition (${condition.text}) was not met between ${window.from} and ${window.until}${modelledNote(modelled)}.`,
    ),
  conditionNotMetPremium: (condition: Said, window: { from: string; until: string }, seen: { time: string; reference: number; low: number; high: number }, modelled: boolean): Said =>
    said(
      'no_trade.condition_not_met_premium',
      { condition: condition.i18n, ...window, ...seen, modelled: modelled ? 'yes' : 'no' },
      `Its entry condition (${condition.text}) was not met between ${window.from} and ${window.until}: the straddle was ${inr(seen.reference)} at ${seen.time}, then between ${inr(seen.low)} and ${inr(seen.high)}${modelledNote(modelled)}.`,
    ),
  conditionNotMetIv: (condition: Said, window: { from: string; until: string }, iv: number, modelled: boolean): Said =>
    said(
      'no_trade.condition_not_met_iv',
      { condition: condition.i18n, ...window, iv, modelled: modelled ? 'yes' : 'no' },
      `Its entry condition (${condition.text}) was not met between ${window.from} and ${window.until}: the ATM IV was ${iv} % on the last minute read${modelledNote(modelled)}.`,
    ),
  /** A condition's words: `move` in percent or points of the premium, `level` an IV in percent. */
  conditionWords: (kind: string, values: { time: string; amount: number; unit: 'percent' | 'points'; level: number }): Said => {
    const move = values.unit === 'points' ? `${values.amount} points` : `${values.amount} %`;
    const english: Record<string, string> = {
      premium_falls: `the ${values.time} straddle falls ${move} from its ${values.time} premium`,
      premium_rises: `the ${values.time} straddle rises ${move} above its ${values.time} premium`,
      premium_crosses_above_vwap: `the ${values.time} straddle crosses above its VWAP`,
      premium_crosses_below_vwap: `the ${values.time} straddle crosses below its VWAP`,
      iv_above: `the ATM IV is above ${values.level} %`,
      iv_below: `the ATM IV is below ${values.level} %`,
      iv_crosses_above: `the ATM IV crosses above ${values.level} %`,
      iv_crosses_below: `the ATM IV crosses below ${values.level} %`,
    };
    return said('no_trade.condition_words', { kind, ...values }, english[kind] ?? kind);
  },
} as const;

const inr = (rupees: number) => formatPaise(Math.round(rupees * 100));
const modelledNote = (modelled: boolean) => (modelled ? ', on prices modelled from the day’s bhavcopy (no minute prices imported)' : '');
