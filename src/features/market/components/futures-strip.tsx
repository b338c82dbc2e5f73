import { lazy, Suspense, useState } from 'react';
import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import type { FutureInstrument } from '@/features/market/api/get-expiries';
import { useQuote } from '@/features/market/hooks/use-quote';
import { rollSpread } from '@quant/future-roll.ts';
import { futureFigures } from '@/features/market/model/futures-figures';
import { useFormat } from '@/lib/format/use-format';

const messages = defineMessages({
  heading: { id: 'market.futures.heading', defaultMessage: 'Futures' },
  basis: { id: 'market.futures.basis', defaultMessage: 'Basis to spot' },
  trade: { id: 'market.futures.trade', defaultMessage: 'Trade' },
  showRollover: { id: 'market.futures.showRollover', defaultMessage: 'Rollover before expiry' },
  hideRollover: { id: 'market.futures.hideRollover', defaultMessage: 'Hide the rollover' },
});
// Issue 63's rollover view, in its own chunk: read only when the trader opens it.
const RolloverPanel = lazy(() => import('@/features/market/components/rollover-panel').then((module) => ({ default: module.RolloverPanel })));
const tradeLabel = defineMessage<{ contract: MessageValue }>({ id: 'market.futures.tradeLabel', defaultMessage: 'Trade {contract}' });
const basisText = defineMessage<{ amount: MessageValue; percent: MessageValue }>({ id: 'market.futures.basisValue', defaultMessage: '{amount} ({percent})' });
const oiText = defineMessage<{ oi: MessageValue }>({ id: 'market.futures.oi', defaultMessage: 'OI {oi} lakh' });
const oiShareText = defineMessage<{ oi: MessageValue; share: MessageValue }>({ id: 'market.futures.oiShare', defaultMessage: 'OI {oi} lakh · {share} of all months' });
const rolloverText = defineMessage<{ rolls: MessageValue }>({ id: 'market.futures.rolloverLine', defaultMessage: 'Rollover: {rolls}' });
const rollText = defineMessage<{ from: MessageValue; to: MessageValue; spread: MessageValue }>({
  id: 'market.futures.roll',
  defaultMessage: '{from} → {to}: spread {spread}',
});

const dash = '\u2014';

/**
 * An underlying's futures months (near, next, far) above its chain: each one's price, basis to the spot (premium
 * or discount, in rupees and as a share of the spot) and open interest with its share of every month's, and the
 * rollover line (the calendar spread between consecutive months). `onTrade` opens a month's order ticket.
 */
export function FuturesStrip({ futures, spot, onTrade }: { futures: readonly FutureInstrument[]; spot: number | null; onTrade?: ((future: FutureInstrument) => void) | undefined }) {
  const intl = useIntl();
  const { formatNumber, formatSignedInr, formatPercent, formatLakh, formatContract } = useFormat();
  // Three months at most (near, next, far): one quote each, in the order listed.
  const near = useQuote(futures[0]?.instrument ?? null);
  const next = useQuote(futures[1]?.instrument ?? null);
  const far = useQuote(futures[2]?.instrument ?? null);
  const quotes = [near, next, far];
  const [rollover, setRollover] = useState(false);
  if (futures.length === 0) return null;
  const figures = futureFigures(
    futures.slice(0, 3).map((future, index) => ({ tradingsymbol: future.tradingsymbol, expiry: future.expiry, price: quotes[index]?.last_price ?? null, oi: quotes[index]?.oi ?? null })),
    spot,
  );
  const two = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  const rolls = figures.slice(1).map((later, index) => ({ from: figures[index]!, to: later, spread: rollSpread(figures[index]!.price, later.price) }));
  return (
    <section aria-label={intl.formatMessage(messages.heading)} className="flex flex-col gap-2" data-testid="futures-strip">
      <h3 className="text-sm font-semibold text-fg">{intl.formatMessage(messages.heading)}</h3>
      <ul className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        {figures.map((item, index) => {
          const future = futures[index]!;
          const name = formatContract(item.tradingsymbol);
          return (
            <li key={item.tradingsymbol} className="flex items-center gap-3 rounded-lg border border-line bg-surface p-2 text-sm">
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="font-medium text-fg">{name}</span>
                <span className="flex flex-wrap gap-x-2 tabular-nums text-fg">
                  <span>{item.price === null ? dash : formatNumber(item.price, two)}</span>
                  {item.basis !== null && (
                    <span className="text-fg-muted" title={intl.formatMessage(messages.basis)}>
                      {intl.formatMessage(basisText, { amount: formatSignedInr(item.basis), percent: formatPercent(item.basisFraction ?? 0, { signed: true, maximumFractionDigits: 2 }) })}
                    </span>
                  )}
                </span>
                <span className="text-xs text-fg-muted tabular-nums">
                  {item.oiShare === null
                    ? intl.formatMessage(oiText, { oi: item.oi === null ? dash : formatLakh(item.oi) })
                    : intl.formatMessage(oiShareText, { oi: formatLakh(item.oi ?? 0), share: formatPercent(item.oiShare, { maximumFractionDigits: 0 }) })}
                </span>
              </div>
              {onTrade !== undefined && (
                <button
                  type="button"
                  onClick={() => onTrade(future)}
                  aria-label={intl.formatMessage(tradeLabel, { contract: name })}
                  className="min-h-11 rounded-md border border-brand px-3 text-sm font-medium text-brand hover:bg-brand/10"
                >
                  {intl.formatMessage(messages.trade)}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {rolls.length > 0 && (
        <p className="text-xs text-fg-muted tabular-nums" data-testid="rollover-line">
          {intl.formatMessage(rolloverText, {
            rolls: intl.formatList(
              rolls.map((roll) =>
                intl.formatMessage(rollText, {
                  from: formatContract(roll.from.tradingsymbol),
                  to: formatContract(roll.to.tradingsymbol),
                  spread: roll.spread === null ? dash : formatSignedInr(roll.spread),
                }),
              ),
              { type: 'unit' },
            ),
          })}
        </p>
      )}
      <div>
        <button
          type="button"
          aria-expanded={rollover}
          onClick={() => setRollover((open) => !open)}
          className="min-h-11 text-sm font-medium text-brand underline"
          data-testid="rollover-toggle"
        >
          {intl.formatMessage(rollover ? messages.hideRollover : messages.showRollover)}
        </button>
      </div>
      {rollover && futures[0] !== undefined && (
        <Suspense fallback={null}>
          <RolloverPanel index={futures[0].name} />
        </Suspense>
      )}
    </section>
  );
}
