// Which stocks the market recorder records (issue 63): those traders watch, never every listed one, so its cost
// grows with what is watched (about 200 stocks are listed; each recorded stock costs its spot, its near month's
// listed strikes and three futures a sample, and its minutes' rows). A stock is watched while any of these holds:
// - a paper position in one of its contracts is open (any account, so every instance agrees);
// - an active trading bot's own underlying is the stock (a bot trading "the stock named in the alert" is covered by
//   the positions it opens);
// - a price stream on this instance follows the stock or one of its contracts (its chain or a ticket open): another
//   instance records what its own streams follow, and the recorded minute is stored once (recorded-minutes-store.ts).
// Read once a minute by the recorder (market-recorder.ts lists what it watches a minute at a time).
import type { Queryable } from '../../db/database.ts';

/**
 * The most stocks recorded at once: held first, then bots', then streamed, each group by symbol. A bound on the
 * recorder's cost whatever is watched (docs/market-model.md, "A watched stock's minutes": about 1 ms a stock a
 * sample on this machine); a stock beyond it is not recorded until one before it stops being watched.
 */
export const maxRecordedStocks = 25;

/** The underlying of each followed quote key: `NSE:RELIANCE` is the stock itself; a contract's is its listed name. */
export function watchedStocks({ db, followed, limit = maxRecordedStocks }: { db: Queryable; followed: () => readonly string[]; limit?: number }) {
  return async (): Promise<string[]> => {
    const keys = followed().flatMap((key) => {
      const colon = key.indexOf(':');
      return colon > 0 ? [[key.slice(0, colon), key.slice(colon + 1)] as const] : [];
    });
    const { rows } = await db.query<{ symbol: string }>(
      `WITH followed AS (SELECT * FROM unnest($1::text[], $2::text[]) AS f (exchange, tradingsymbol)),
       watched AS (
         SELECT i.name AS symbol, 0 AS rank FROM (SELECT DISTINCT instrument_token FROM paper_positions WHERE quantity <> 0) p
           JOIN instruments i ON i.instrument_token = p.instrument_token
         UNION ALL SELECT underlying, 1 FROM trading_bots WHERE status = 'active'
         UNION ALL SELECT tradingsymbol, 2 FROM followed WHERE exchange IN ('NSE', 'BSE')
         UNION ALL SELECT i.name, 2 FROM followed f JOIN instruments i ON i.exchange = f.exchange AND i.tradingsymbol = f.tradingsymbol)
       SELECT u.symbol FROM watched w JOIN underlyings u ON u.symbol = w.symbol AND u.kind = 'stock'
       GROUP BY u.symbol ORDER BY min(w.rank), u.symbol LIMIT $3`,
      [keys.map(([exchange]) => exchange), keys.map(([, tradingsymbol]) => tradingsymbol), limit],
    );
    return rows.map((row) => row.symbol);
  };
}
