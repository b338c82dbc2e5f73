// A strategy's combined premium as candles (issue 40): GET /api/market-history/premium/.
import type { components } from '@openapi/main';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';
import { shownByScreen } from '@/lib/api/api-error';
import { startEarlyRead } from '@/lib/api/early-read';
import { parsePremiumLegs } from '@/lib/charts/premium-link';

export type StrategyPremium = components['schemas']['StrategyPremium'];
export type PremiumInterval = components['schemas']['PremiumInterval'];
export type PriceSource = components['schemas']['PriceSource'];

export type PremiumQuery = { legs: string; from?: string; to?: string; interval: PremiumInterval };

export const premiumIntervals: readonly PremiumInterval[] = ['1m', '3m', '5m', '15m', '30m', '60m', '1d'];
const isInterval = (value: string | null): value is PremiumInterval => premiumIntervals.some((interval) => interval === value);

/** The question a chart link asks (`?legs=…&from=…&to=…&interval=…`): an interval it does not name is 1 minute. */
export function premiumQueryOf(params: URLSearchParams): PremiumQuery {
  const asked = params.get('interval');
  const from = params.get('from');
  const to = params.get('to');
  return { legs: params.get('legs') ?? '', interval: isInterval(asked) ? asked : '1m', ...(from === null ? {} : { from }), ...(to === null ? {} : { to }) };
}

/** The name the screen keeps a question's answer under (its last-known copy, its early read). */
export const premiumReadName = (query: PremiumQuery) => `analytics:premium:${JSON.stringify(query)}`;

/** The chart says in its place that a leg has no prices in the range (premium-screen.tsx, NoPricesState). */
const inPlace = shownByScreen('premium.no_prices');

export async function getStrategyPremium(query: PremiumQuery): Promise<StrategyPremium> {
  const answer = await mainApi().GET('/api/market-history/premium/', { params: { query }, middleware: [inPlace] });
  return requireField(answer, 'time', 'close');
}

/**
 * The chart's read for the link being opened (`search`), started beside the screen's files (screens.ts); the
 * screen takes it (takeEarlyRead). A link whose legs the screen cannot read asks nothing: the screen says so.
 */
export function startEarlyPremiumRead(search: string): void {
  const query = premiumQueryOf(new URLSearchParams(search));
  if (parsePremiumLegs(query.legs) === null) return;
  startEarlyRead(premiumReadName(query), () => getStrategyPremium(query));
}
