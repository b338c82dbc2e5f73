import ArrowDownIcon from '@heroicons/react/20/solid/ArrowDownIcon';
import ArrowUpIcon from '@heroicons/react/20/solid/ArrowUpIcon';
import { useAtomValue } from 'jotai';
import { defineMessage, useIntl, type MessageValue } from 'react-intl';
import { PriceSourceNote } from '@/components/trading/price-source-note';
import { ReplayMark } from '@/components/trading/replay-mark';
import { QuoteAge } from '@/features/market/components/quote-age';
import { liveFeed } from '@/features/market/feed/live-feed';
import { useShownPriceSource } from '@/features/market/hooks/use-price-source';
import { useQuote } from '@/features/market/hooks/use-quote';
import { indexInstruments, marketMessages as m } from '@/features/market/market-messages';
import { useFormat } from '@/lib/format/use-format';
import { networkMessages } from '@/lib/network/network-messages';
import { useNetworkState } from '@/lib/network/use-online-status';
import { openReplayAtom } from '@/lib/replay/replay-atom';
import { store } from '@/lib/store';

const changeText = defineMessage<{ change: MessageValue; percent: MessageValue }>({
  id: 'market.strip.change',
  defaultMessage: '{change} ({percent})',
});

function IndexTile({ index, instrument }: { index: string; instrument: string }) {
  const intl = useIntl();
  const { formatNumber, formatPercent } = useFormat();
  const quote = useQuote(instrument);
  const network = useNetworkState().kind;
  const change = quote?.change;
  const direction = change === undefined || change === 0 ? null : change > 0 ? 'up' : 'down';
  const tone = direction === 'up' ? 'text-profit' : direction === 'down' ? 'text-loss' : 'text-fg-muted';
  return (
    <li className="flex shrink-0 items-baseline gap-1.5 whitespace-nowrap" aria-label={index}>
      <span className="font-semibold text-fg">{index}</span>
      {quote === null ? (
        // No price because the server cannot be reached says that cause, in the header badge's words.
        <span className="text-fg-muted">
          {intl.formatMessage(
            network === 'offline' ? networkMessages.offlineBadge : network === 'unreachable' ? networkMessages.unreachableBadge : m.noPrice,
          )}
        </span>
      ) : (
        <>
          <span className="tabular-nums text-fg">{formatNumber(quote.last_price, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}</span>
          {change !== undefined && quote.change_percent !== undefined && (
            <span className={`inline-flex items-center gap-0.5 tabular-nums ${tone}`}>
              {direction === 'up' && <ArrowUpIcon className="size-3.5" aria-hidden="true" />}
              {direction === 'down' && <ArrowDownIcon className="size-3.5" aria-hidden="true" />}
              {direction !== null && <span className="sr-only">{intl.formatMessage(m[direction])}</span>}
              {intl.formatMessage(changeText, {
                change: formatNumber(change, { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' }),
                percent: formatPercent(quote.change_percent / 100, { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' }),
              })}
            </span>
          )}
          <QuoteAge timestamp={quote.timestamp} />
        </>
      )}
    </li>
  );
}

/**
 * The indices' live prices along the top of every signed-in screen, in one row (two rows pushed the desk's
 * at-the-money strike off a phone's first screen). On a phone it scrolls sideways: the marks say "Demo" and show
 * the beaker without words, so the first index fits whole beside them at 360 px, and the far edge fades, so an index
 * past it reads as more to scroll to, not as cut (issue 62); the list's end padding lets the last index clear the
 * fade. No scroll snapping: re-snapping as the prices' widths change scrolled the marks out of sight.
 */
export function MarketStrip() {
  const intl = useIntl();
  const market = useAtomValue(liveFeed().marketAtom, { store });
  const source = useShownPriceSource();
  // A replay (issue 39) has one index, replayed: the strip shows it and says "Replay", not whose prices today.
  const replay = useAtomValue(openReplayAtom, { store })?.replay ?? null;
  const tiles = replay === null ? indexInstruments : indexInstruments.filter(({ index }) => index === replay.index);
  return (
    // The row scrolls inside its own box; `relative` keeps the screen-reader-only words (absolutely
    // positioned) inside it too, or they would widen the page right to left. A named region, so it sits in
    // a landmark like the rest of the page, and focusable, so a keyboard can scroll it (nothing in it is). Its
    // height is the tallest content's from the first paint (a mark's pill: 33 px on a phone, 37 px wider), so the
    // marks and prices arriving later never grow it: growing by 4 px moved the whole screen under a trader's tap,
    // which then missed its button (the positions' Roll, stock-options.spec).
    <section
      aria-label={intl.formatMessage(m.stripRegion)}
      tabIndex={0}
      className="relative flex min-h-8.25 min-w-0 max-w-full items-center gap-3 overflow-x-auto border-b border-line bg-surface px-3 py-1.5 text-xs [mask-image:linear-gradient(to_right,black_calc(100%-2.5rem),transparent)] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-focus rtl:[mask-image:linear-gradient(to_left,black_calc(100%-2.5rem),transparent)] sm:min-h-9.25 sm:px-6 sm:text-sm sm:[mask-image:none] sm:rtl:[mask-image:none]"
    >
      {replay !== null && <ReplayMark />}
      {replay === null && market?.demo === true && (
        <span title={intl.formatMessage(m.demoHint)} className="shrink-0 rounded-full bg-brand-soft px-2 py-0.5 font-semibold text-brand">
          <span className="sm:hidden">{intl.formatMessage(m.demoShort)}</span>
          <span className="hidden sm:inline">{intl.formatMessage(m.demo)}</span>
        </span>
      )}
      {replay === null && <PriceSourceNote source={source} iconOnPhone className="shrink-0 whitespace-nowrap font-medium text-fg-muted" />}
      {market?.status === 'closed' && (
        <span className="shrink-0 rounded-full bg-surface-muted px-2 py-0.5 font-semibold text-fg-muted">{intl.formatMessage(m.closed)}</span>
      )}
      <ul aria-label={intl.formatMessage(m.stripLabel)} className="flex items-center gap-5 pe-10 sm:pe-0">
        {tiles.map(({ index, instrument }) => (
          <IndexTile key={instrument} index={index} instrument={instrument} />
        ))}
      </ul>
    </section>
  );
}
