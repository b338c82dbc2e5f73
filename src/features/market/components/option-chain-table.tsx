import { useVirtualizer } from '@tanstack/react-virtual';
import { Fragment, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import type { OptionInstrument } from '@/features/market/api/get-instruments';
import type { ChainColumn } from '@/features/market/chain/chain-columns';
import { HeaderCells, type AlertContract, type PickContract } from '@/features/market/components/option-chain-cells';
import { LadderRow } from '@/features/market/components/option-chain-row';
import { QuoteAge } from '@/features/market/components/quote-age';
import type { Quote } from '@/features/market/feed/price-feed';
import { useFormat } from '@/lib/format/use-format';

const messages = defineMessages({
  calls: { id: 'market.chain.calls', defaultMessage: 'Calls (CE)' },
  puts: { id: 'market.chain.puts', defaultMessage: 'Puts (PE)' },
  strike: { id: 'market.chain.strike', defaultMessage: 'Strike' },
});
const captionText = defineMessage<{ index: MessageValue; expiry: MessageValue }>({
  id: 'market.chain.captionValue',
  defaultMessage: 'Option chain of {index}, expiry {expiry}',
});
const spotText = defineMessage<{ spot: MessageValue }>({ id: 'market.chain.spotValue', defaultMessage: 'Spot {spot}' });

export type ChainRow = { strike: number; ce?: OptionInstrument; pe?: OptionInstrument };

export function rowsOf(instruments: readonly OptionInstrument[]): ChainRow[] {
  const byStrike = new Map<number, ChainRow>();
  for (const instrument of instruments) {
    const row = byStrike.get(instrument.strike) ?? { strike: instrument.strike };
    if (instrument.instrument_type === 'CE') row.ce = instrument;
    else row.pe = instrument;
    byStrike.set(instrument.strike, row);
  }
  return [...byStrike.values()].sort((a, b) => a.strike - b.strike);
}

type ChainTableProps = {
  index: string;
  expiry: string;
  rows: readonly ChainRow[];
  spot: Quote | null;
  atm: number | null;
  /** Each side's columns (chain-columns.ts), and whether each side has its price-alert button. */
  columns: readonly ChainColumn[];
  alerts: boolean;
  /** Scrolls to the money once per value (index, expiry and strike range). */
  scrollKey: string;
  onPick: PickContract;
  onAlert: AlertContract;
  /** Each strike links to its OI charts (an index whose OI market history keeps, or an F&O stock). */
  oiLinks: boolean;
};

/**
 * Above this many strikes only the rows in view (and a few either side) are in the page: with every strike
 * of an expiry (~250 rows, ~500 ticking contracts) rendering them all made each tick a long task. The ±10 and
 * ±25 ranges fit and stay whole, so find-in-page and a screen reader's table reading see every row.
 */
const virtualFrom = 60;
/** A ladder row's height in pixels before it is measured (40 on a phone, 29 from 640 px). */
const rowHeight = 32;

/**
 * The ladder: calls on the left, puts on the right, strikes in the middle, the at-the-money strike marked and
 * the spot shown at its place. It scrolls inside its own box to the money.
 */
export function ChainTable({ index, expiry, rows, spot, atm, columns, alerts, scrollKey, onPick, onAlert, oiLinks }: ChainTableProps) {
  const intl = useIntl();
  const { formatNumber } = useFormat();
  const scroller = useRef<HTMLDivElement | null>(null);
  const atmRow = useRef<HTMLTableRowElement | null>(null);
  const scrolledFor = useRef<string | null>(null);
  const virtual = rows.length > virtualFrom;
  const maxHeight = useFittedHeight(scroller);
  // The virtualizer re-renders this component on scroll itself; no memoised value here depends on it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 6,
    enabled: virtual,
  });
  const atmIndex = atm === null ? -1 : rows.findIndex((row) => row.strike === atm);
  useEffect(() => {
    // Again when the box's height settles (the desk's account row loads above it): the money stays in the middle.
    const scrollFor = `${scrollKey}/${maxHeight ?? ''}`;
    if (atmIndex < 0 || scrolledFor.current === scrollFor) return;
    // Scroll the chain's own box, not the page: the pickers and the strip stay in view.
    if (virtual) {
      scrolledFor.current = scrollFor;
      virtualizer.scrollToIndex(atmIndex, { align: 'center' });
      return;
    }
    const row = atmRow.current;
    const box = scroller.current;
    if (row === null || box === null) return;
    scrolledFor.current = scrollFor;
    box.scrollTop = row.offsetTop - box.clientHeight / 2 + row.offsetHeight / 2;
  }, [atmIndex, scrollKey, maxHeight, virtual, virtualizer]);
  const spotLine =
    spot === null ? null : intl.formatMessage(spotText, { spot: formatNumber(spot.last_price, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) });

  const items = virtual ? virtualizer.getVirtualItems() : rows.map((_, i) => ({ index: i, start: 0, end: 0 }));
  const before = virtual ? (items[0]?.start ?? 0) : 0;
  const after = virtual && items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;
  const sideSpan = columns.length + (alerts ? 1 : 0);

  return (
    // Focusable and named: before any price arrives (or offline) the ladder holds no button, and a keyboard
    // must still be able to scroll it.
    <div
      ref={scroller}
      data-chain-scroll
      role="group"
      aria-label={intl.formatMessage(captionText, { index, expiry })}
      tabIndex={0}
      style={{ maxHeight }}
      className="relative max-h-[70dvh] overflow-auto rounded-lg border border-line focus-visible:outline-2 focus-visible:outline-focus"
    >
      {/* Two header rows; with rows left out of the page, the count and each row's place say where it is. */}
      <table className="w-full border-collapse text-sm" aria-rowcount={virtual ? rows.length + 2 : undefined}>
        <caption className="sr-only">{intl.formatMessage(captionText, { index, expiry })}</caption>
        <thead className="sticky top-0 z-10 bg-surface-raised text-xs text-fg-muted">
          <tr>
            <th colSpan={sideSpan} scope="colgroup" className="px-2 pt-1 text-center">{intl.formatMessage(messages.calls)}</th>
            {/* Above the strike column, which the second row names: a cell, not a heading without a name. */}
            <td className="px-2 pt-1" />
            <th colSpan={sideSpan} scope="colgroup" className="px-2 pt-1 text-center">{intl.formatMessage(messages.puts)}</th>
          </tr>
          <tr className="border-b border-line">
            <HeaderCells side="CE" columns={columns} alerts={alerts} />
            <th scope="col" className="px-2 py-1.5 text-center">{intl.formatMessage(messages.strike)}</th>
            <HeaderCells side="PE" columns={columns} alerts={alerts} />
          </tr>
        </thead>
        <tbody>
          {before > 0 && <tr aria-hidden="true" style={{ height: before }} />}
          {items.map(({ index: i }) => {
            const row = rows[i]!;
            const spotBefore = spot !== null && i > 0 && rows[i - 1]!.strike < spot.last_price && row.strike >= spot.last_price;
            return (
              <Fragment key={row.strike}>
                {spotBefore && (
                  <tr className="bg-spot" data-spot-line>
                    <td colSpan={2 * sideSpan + 1} className="px-2 py-0.5 text-center text-xs font-semibold text-fg">
                      {spotLine} <QuoteAge timestamp={spot.timestamp} />
                    </td>
                  </tr>
                )}
                <LadderRow
                  row={row}
                  index={i}
                  isAtm={row.strike === atm}
                  columns={columns}
                  alerts={alerts}
                  onPick={onPick}
                  onAlert={onAlert}
                  virtual={virtual}
                  measure={virtualizer.measureElement}
                  atmRow={atmRow}
                  underlying={index}
                  expiry={expiry}
                  oiLinks={oiLinks}
                />
              </Fragment>
            );
          })}
          {after > 0 && <tr aria-hidden="true" style={{ height: after }} />}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The ladder's box height: down to the bottom of the window when it starts high enough on the page (a laptop:
 * the strikes around the money, which it scrolls to the middle, are on screen without scrolling the page),
 * else 70 % of the window (a phone, where the chain starts below the first screen and is scrolled to).
 */
function useFittedHeight(box: { current: HTMLElement | null }): number | undefined {
  const [height, setHeight] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    const fit = () => {
      const element = box.current;
      if (element === null) return;
      const screen = window.innerHeight;
      const room = screen - (element.getBoundingClientRect().top + window.scrollY) - 12;
      setHeight(Math.round(room >= 0.35 * screen ? Math.min(room, 0.7 * screen) : 0.7 * screen));
    };
    fit();
    // What sits above the chain may change its height after the first render (the desk's accounts loading).
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    observer?.observe(document.body);
    window.addEventListener('resize', fit);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', fit);
    };
  }, [box]);
  return height;
}
