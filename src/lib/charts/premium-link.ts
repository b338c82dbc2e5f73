// The strategy premium chart's address for a set of legs (/app/premium?legs=…), spelled as its server route
// reads them (INDEX:EXPIRY:STRIKE:CE|PE:B|S:LOTS, comma separated): the chain and the builder open the chart
// with it, and the chart reads its legs back from it, so a chart's link is its whole question.

export type PremiumLinkLeg = { index: string; expiry: string; strike: number; type: 'CE' | 'PE'; side: 'BUY' | 'SELL'; lots: number };

export function premiumLegsText(legs: readonly PremiumLinkLeg[]): string {
  return legs.map((leg) => `${leg.index}:${leg.expiry}:${leg.strike}:${leg.type}:${leg.side === 'BUY' ? 'B' : 'S'}:${leg.lots}`).join(',');
}

/** The legs of a `legs` text, or null where one is not spelled as premiumLegsText writes it. */
export function parsePremiumLegs(text: string): PremiumLinkLeg[] | null {
  const legs = text.split(',').map((part) => {
    const match = /^([A-Z0-9][A-Z0-9&_-]{0,19}):(\d{4}-\d{2}-\d{2}):(\d+(?:\.\d+)?):(CE|PE):(B|S):(\d+)$/.exec(part);
    if (match === null) return null;
    const [, index = '', expiry = '', strike = '', type, side, lots = ''] = match;
    return { index, expiry, strike: Number(strike), type: type === 'PE' ? ('PE' as const) : ('CE' as const), side: side === 'B' ? ('BUY' as const) : ('SELL' as const), lots: Number(lots) };
  });
  return legs.every((leg) => leg !== null) && legs.length > 0 ? legs : null;
}

export function premiumChartPath(legs: readonly PremiumLinkLeg[], day?: string): string {
  const query = new URLSearchParams({ legs: premiumLegsText(legs) });
  if (day !== undefined) query.set('from', day);
  return `/app/premium?${query.toString()}`;
}

/** The at-the-money straddle, sold (the credit its sellers watch), one lot a leg. */
export function straddleLegs(index: string, expiry: string, strike: number): PremiumLinkLeg[] {
  return [
    { index, expiry, strike, type: 'CE', side: 'SELL', lots: 1 },
    { index, expiry, strike, type: 'PE', side: 'SELL', lots: 1 },
  ];
}
