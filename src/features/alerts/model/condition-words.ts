import { parsePremiumLegs } from '@/lib/charts/premium-link';

/** A premium alert's legs in words (NIFTY S 26000 CE + S 26000 PE), as the server's alert names them. */
export function legsInWords(legs: string): string {
  const parsed = parsePremiumLegs(legs);
  if (parsed === null) return legs;
  return `${parsed[0]!.index} ${parsed.map((leg) => `${leg.side === 'BUY' ? 'B' : 'S'}${leg.lots > 1 ? ` ${leg.lots}×` : ''} ${leg.strike} ${leg.type}`).join(' + ')}`;
}
