// Why a bot with an entry condition did not enter on a day, in words (issue 62): the condition named as the bot
// form says it, then what the engine's looks found (entry-misses.ts): no index price to fix the straddle's strike,
// no price for its legs at a minute, or read and not met, with the premiums (or the IV) it saw. `modelled`: the
// day's prices are modelled from its bhavcopy, no minute prices imported (history-prices.ts), which the trader
// needs to read a condition that never fired on a smooth modelled path.
import { istClock } from '../../market/ist.ts';
import { noTradeTexts } from '../../texts/no-trade-texts.ts';
import type { Said } from '../../texts/said.ts';
import { conditionKind, conditionSettings } from './conditions.ts';
import type { EntryMissNote } from './entry-misses.ts';

const cents = (value: number) => Math.round(value * 100) / 100;

/** The words of a bot's entry condition (premium_falls of 20 % at 09:20, iv_above 18 %…). */
export function entryConditionWords(params: Record<string, unknown>): Said {
  const settings = conditionSettings(params);
  return noTradeTexts.conditionWords(conditionKind(params.entry_condition), { time: settings.strikesAt, amount: settings.move, unit: settings.moveUnit, level: settings.ivLevel });
}

/** The day's reason from the engine's note; `window`: the bot's entry until its exit (IST clock times). */
export function conditionMissReason(params: Record<string, unknown>, note: EntryMissNote, window: { from: string; until: string }, modelled: boolean): Said {
  const words = entryConditionWords(params);
  const { miss } = note;
  const time = istClock(new Date(miss.minute));
  if (miss.why === 'no_index') return noTradeTexts.conditionNoIndex(words, time);
  if (miss.why === 'no_prices') return noTradeTexts.conditionNoPrices(words, time, modelled);
  if (miss.why === 'not_met' && miss.reference !== undefined && note.low !== null && note.high !== null) {
    const seen = { time: conditionSettings(params).strikesAt, reference: cents(miss.reference), low: cents(note.low), high: cents(note.high) };
    return noTradeTexts.conditionNotMetPremium(words, window, seen, modelled);
  }
  if (miss.why === 'not_met' && miss.iv !== undefined) return noTradeTexts.conditionNotMetIv(words, window, cents(miss.iv), modelled);
  return noTradeTexts.conditionNotMet(words, window, modelled);
}
