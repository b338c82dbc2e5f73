import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { defineMessage, useIntl, type MessageValue } from 'react-intl';
import { instrumentsForTheDay } from '@/features/market/api/cached-market-facts';
import type { Instruments } from '@/features/market/api/get-instruments';
import { QuoteAge } from '@/features/market/components/quote-age';
import { nowAtom } from '@/features/market/feed/now-atom';
import type { Order } from '@/features/orders/api/trading-types';
import type { Position } from '@/features/positions/api/position-calls';
import { StrategyPayoff } from '@/features/strategies/components/strategy-payoff';
import { withConstantPnl } from '@/features/strategies/model/constant-pnl';
import { chartMessages } from '@/features/strategies/strategy-builder-messages';
import { useFormat } from '@/lib/format/use-format';
import { useMarketNow } from '@/lib/replay/use-replayed-at';
import { store } from '@/lib/store';
import { useLiveQuotes } from '@/app/trading/use-live-quotes';
import { bookChainKey, bookLegs, orderMarkers } from '@/app/strategy-builder/live-book-legs';

const title = defineMessage({ id: 'strategies.liveBook.title', defaultMessage: 'Payoff of the open positions' });
const markerText = defineMessage<{ kind: MessageValue; symbol: MessageValue; price: MessageValue }>({
  id: 'strategies.liveBook.marker',
  defaultMessage: '{kind}: {symbol} at {price}',
});

/**
 * The payoff, breakevens and net greeks of a portfolio's open positions, with the realised P&L of the
 * day's closed trades added as a constant, and where its working stop-loss and target orders would act.
 * Its own lazy chunk: the option maths loads only when there is a position to draw.
 */
export function LiveBookPayoff({ positions, orders }: { positions: readonly Position[]; orders: readonly Order[] | null }) {
  const intl = useIntl();
  const { formatInr } = useFormat();
  // A replay's book is valued on the replayed day: its time to expiry from the replayed minute.
  const now = useMarketNow(useAtomValue(nowAtom, { store }));
  const [chains, setChains] = useState<ReadonlyMap<string, Instruments>>(new Map());
  const open = positions.filter((position) => position.quantity !== 0);
  // A future's chain is its underlying's of the same expiry (a monthly's options expire with it): its spot's key.
  const wanted = [...new Set(open.flatMap((position) => bookChainKey(position) ?? []))].sort().join(',');

  useEffect(() => {
    let current = true;
    for (const key of wanted === '' ? [] : wanted.split(',')) {
      const [index, expiry] = key.split(':') as ['NIFTY', string];
      instrumentsForTheDay(index, expiry)
        .then((chain) => current && setChains((known) => new Map(known).set(key, chain)))
        .catch(() => undefined);
    }
    return () => {
      current = false;
    };
  }, [wanted]);

  const underlying = [...chains.values()][0]?.underlying ?? null;
  // Every index's level: each leg's volatility is implied from its premium on its own index's forward.
  const underlyings = [...new Set([...chains.values()].map((chain) => chain.underlying))];
  const instruments = [...underlyings, ...open.map((position) => `${position.exchange}:${position.tradingsymbol}`)];
  const quotes = useLiveQuotes(instruments);
  const realised = positions.reduce((sum, position) => sum + position.realised, 0);
  const legs = bookLegs(open, chains, quotes);
  const spot = underlying === null ? null : (quotes.get(underlying)?.last_price ?? null);
  const markers =
    spot === null
      ? []
      : orderMarkers(legs, orders ?? [], now, spot, (kind, order) =>
          intl.formatMessage(markerText, {
            kind: intl.formatMessage(kind === 'stopLoss' ? chartMessages.stopLoss : chartMessages.target),
            symbol: order.tradingsymbol,
            price: formatInr(kind === 'stopLoss' ? order.trigger_price : order.price),
          }),
        );
  const oldest = [...quotes.values()].reduce<string | undefined>((old, quote) => (old === undefined || Date.parse(quote.timestamp) < Date.parse(old) ? quote.timestamp : old), undefined);
  if (legs.length === 0) return null;
  return (
    <StrategyPayoff
      title={intl.formatMessage(title)}
      legs={withConstantPnl(legs, realised)}
      spot={spot}
      nowMs={now}
      realised={realised}
      markers={markers}
      priceAge={<QuoteAge timestamp={oldest} />}
    />
  );
}
