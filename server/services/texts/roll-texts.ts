// Why an option position's roll cannot be planned (trading/option-rolls.ts, issue 63), said in English and as a code
// the app says in the trader's language (src/i18n/server-texts.ts).
import { said, type Said } from './said.ts';

export const rollTexts = {
  notOption: (tradingsymbol: string): Said =>
    said('roll.not_option', { tradingsymbol }, `${tradingsymbol} is not an option: a future rolls with "Roll to next month".`),
  mixedLegs: (tradingsymbol: string): Said =>
    said('roll.mixed_legs', { tradingsymbol }, `The legs rolled together must be options of one underlying and one expiry: ${tradingsymbol} is not.`),
  noPosition: (tradingsymbol: string): Said => said('roll.no_position', { tradingsymbol }, `There is no open ${tradingsymbol} position to roll.`),
  expiryNotListed: (tradingsymbol: string): Said =>
    said('roll.expiry_not_listed', { tradingsymbol }, `${tradingsymbol} is not among the contracts listed today (expired, or not traded here).`),
  noNextExpiry: (underlying: string, expiry: string): Said =>
    said('roll.no_next_expiry', { underlying, expiry }, `${underlying} lists no expiry after ${expiry} today.`),
  noStrike: (tradingsymbol: string, expiry: string): Said =>
    said('roll.no_strike', { tradingsymbol, expiry }, `The ${expiry} expiry lists no strike to roll ${tradingsymbol} to.`),
  noLevel: (underlying: string): Said =>
    said('roll.no_level', { underlying }, `${underlying}'s level is not known now, so the distance from the money cannot be read: roll at the same strike.`),
};
