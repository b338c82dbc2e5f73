// What a trader reads off an underlying's futures: each month's basis to the spot (F − S, a premium when
// positive, a discount when negative) and the roll between months (the calendar spread next − near, and how
// the open interest is spread across the months: it shifts to the next month in the days before expiry).

export type FutureMonthQuote = { tradingsymbol: string; expiry: string; price: number | null; oi: number | null };

export type FutureFigures = {
  tradingsymbol: string;
  expiry: string;
  price: number | null;
  /** F − S, rupees (null without both prices). */
  basis: number | null;
  /** (F − S) ÷ S: the premium (positive) or discount (negative) as a fraction of the spot. */
  basisFraction: number | null;
  oi: number | null;
  /** This month's share of the open interest of every month (null while any month's OI is unknown). */
  oiShare: number | null;
};

export function futureFigures(months: readonly FutureMonthQuote[], spot: number | null): FutureFigures[] {
  const known = months.every((month) => month.oi !== null);
  const totalOi = known ? months.reduce((sum, month) => sum + (month.oi ?? 0), 0) : 0;
  return months.map((month) => {
    const basis = month.price === null || spot === null ? null : month.price - spot;
    return {
      tradingsymbol: month.tradingsymbol,
      expiry: month.expiry,
      price: month.price,
      basis,
      basisFraction: basis === null || spot === null || spot <= 0 ? null : basis / spot,
      oi: month.oi,
      oiShare: known && totalOi > 0 ? (month.oi ?? 0) / totalOi : null,
    };
  });
}
