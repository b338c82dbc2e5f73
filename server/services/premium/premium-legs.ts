// A strategy's legs as the premium chart's request spells them: `INDEX:EXPIRY:STRIKE:TYPE:SIDE:LOTS`, comma
// separated (NIFTY:2024-07-11:24300:CE:S:1,NIFTY:2024-07-11:24300:PE:S:1 is a short straddle). Short enough
// to travel in a link from the chain or the builder, and one spelling per leg so a chart's URL is its key.
//
// How the legs combine into one premium, the way traders read a strategy's chart (Sensibull, Opstra):
// each leg counts in proportion to its lots (2 lots against 1 is a 2:1 ratio; 2 and 2 is 1:1), bought legs
// add and sold legs subtract (the net debit). A strategy of sold legs only (a short straddle, a short
// strangle) is charted as the credit it collects, positive, so its chart is the premium the seller watches
// decay. `coefficient` is the multiplier of each leg's price in the combined premium.
import { DomainError } from '../domain-error.ts';
import { premiumTexts } from '../texts/premium-texts.ts';

export const maxLegs = 8;

export type PremiumLeg = {
  /** An index or (issue 63) a stock the server lists: strategyPremium checks the listing. */
  index: string;
  expiry: string;
  strikePaise: number;
  optionType: 'CE' | 'PE';
  side: 'BUY' | 'SELL';
  lots: number;
  /** The leg's multiplier in the combined premium (see the header): signed, in the legs' lot ratio. */
  coefficient: number;
};

export type PremiumBasis = 'debit' | 'credit';

const legPattern = /^([A-Z0-9][A-Z0-9&_-]{0,19}):(\d{4}-\d{2}-\d{2}):(\d{1,6}(?:\.\d{1,2})?):(CE|PE):(B|S):([1-9]\d{0,3})$/;

const isCalendarDate = (text: string) => {
  const instant = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(instant) && new Date(instant).toISOString().slice(0, 10) === text;
};

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** A leg's contract as a trader reads it: NIFTY 11 Jul 2024 24300 CE (English, for the refusal's text). */
export function contractName(leg: Pick<PremiumLeg, 'index' | 'expiry' | 'strikePaise' | 'optionType'>): string {
  return `${leg.index} ${leg.expiry} ${leg.strikePaise / 100} ${leg.optionType}`;
}

/** The legs of `text`, or a 400 naming the first leg that is not spelled right, repeated, or on another index. */
export function parseLegs(text: string): { legs: PremiumLeg[]; basis: PremiumBasis } {
  const parts = text.split(',');
  if (parts.length > maxLegs) throw DomainError.said('validation_failed', premiumTexts.tooManyLegs(maxLegs), { field: 'legs' });
  const parsed = parts.map((part, i) => {
    const match = legPattern.exec(part.trim().toUpperCase());
    const [, index = '', expiry = '', strike = '', type, side, lots = ''] = match ?? [];
    if (match === null || !isCalendarDate(expiry)) {
      throw DomainError.said('validation_failed', premiumTexts.legShape(i + 1, part.slice(0, 60)), { field: 'legs' });
    }
    return {
      index,
      expiry,
      strikePaise: Math.round(Number(strike) * 100),
      optionType: type as 'CE' | 'PE',
      side: side === 'B' ? ('BUY' as const) : ('SELL' as const),
      lots: Number(lots),
    };
  });
  const first = parsed[0] as (typeof parsed)[number];
  parsed.forEach((leg, i) => {
    if (leg.index !== first.index) throw DomainError.said('validation_failed', premiumTexts.oneIndex, { field: 'legs' });
    const earlier = parsed.slice(0, i).some((other) => other.expiry === leg.expiry && other.strikePaise === leg.strikePaise && other.optionType === leg.optionType);
    if (earlier) throw DomainError.said('validation_failed', premiumTexts.legTwice(i + 1), { field: 'legs' });
  });
  const unit = parsed.reduce((common, leg) => gcd(common, leg.lots), 0);
  const basis: PremiumBasis = parsed.every((leg) => leg.side === 'SELL') ? 'credit' : 'debit';
  const legs = parsed.map((leg) => {
    const sign = (leg.side === 'BUY' ? 1 : -1) * (basis === 'credit' ? -1 : 1);
    return { ...leg, coefficient: (sign * leg.lots) / unit };
  });
  return { legs, basis };
}
