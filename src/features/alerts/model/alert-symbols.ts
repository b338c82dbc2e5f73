/** The indices a price alert may watch; anything else an alert names is an option's tradingsymbol. */
export const indexNames = ['NIFTY', 'BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY', 'SENSEX'] as const;

/** An index's level is in points; an option's price in rupees. */
export const isIndexSymbol = (symbol: string) => indexNames.some((name) => name === symbol);
