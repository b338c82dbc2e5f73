import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type ReactNode } from 'react';
import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import type { OptionInstrument } from '@/features/market/api/get-instruments';
import { HeaderCells, phoneClass, SideCells, type PickContract, type Side } from '@/features/market/components/option-chain-cells';
import type { Quote } from '@/features/market/feed/price-feed';
import { useFormat } from '@/lib/format/use-format';

const messages = defineMessages({
  calls: { id: 'market.chain.calls', defaultMessage: 'Calls (CE)' },
  puts: { id: 'market.chain.puts', defaultMessage: 'Puts (PE)' },
  strike: { id: 'market.chain.strike', defaultMessage: 'Strike' },
  atm: { id: 'market.chain.atm', defaultMessage: 'At the money' },
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
  side: Side;
  /** Scrolls to the money once per value (index, expiry and strike range). */
  scrollKey: string;
  onPick: PickContract;
};

/**
 * Above this many strikes only the rows in view (and a few either side) are in the page: with every strike
 * of an expiry (~250 rows, ~500 ticking contracts) rendering them all made each tick a long task. The ±10 and
 * ±25 ranges fit and stay whole, so find-in-page and a screen reader's table reading see every row.
 */
const virtualFrom = 60;
/** A ladder row's height in pixels before it is measured (the price button is 36 px tall). */
const rowHeight = 40;

/**
 * The ladder: calls on the left, puts on the right, strikes in the middle, the at-the-money strike marked and
 * the spot shown at its place; on a phone one side at a time. It scrolls inside its own box to the money.
 */
export function ChainTable({ index, expiry, rows, spot, atm, side, scrollKey, onPick }: ChainTableProps) {
  const intl = useIntl();
  const { formatNumber } = useFormat();
  const scroller = useRef<HTMLDivElement | null>(null);
  const atmRow = useRef<HTMLTableRowElement | null>(null);
  const scrolledFor = useRef<string | null>(null);
  const virtual = rows.length > virtualFrom;
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
    if (atmIndex < 0 || scrolledFor.current === scrollKey) return;
    // Scroll the chain's own box, not the page: the pickers and the strip stay in view.
    if (virtual) {
      scrolledFor.current = scrollKey;
      virtualizer.scrollToIndex(atmIndex, { align: 'center' });
      return;
    }
    const row = atmRow.current;
    const box = scroller.current;
    if (row === null || box === null) return;
    scrolledFor.current = scrollKey;
    box.scrollTop = row.offsetTop - box.clientHeight / 2 + row.offsetHeight / 2;
  }, [atmIndex, scrollKey, virtual, virtualizer]);
  const spotLine =
    spot === null ? null : intl.formatMessage(spotText, { spot: formatNumber(spot.last_price, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) });

  const items = virtual ? virtualizer.getVirtualItems() : rows.map((_, i) => ({ index: i, start: 0, end: 0 }));
  const before = virtual ? (items[0]?.start ?? 0) : 0;
  const after = virtual && items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;

  return (
    <div ref={scroller} data-chain-scroll className="relative max-h-[70dvh] overflow-auto rounded-lg border border-line">
      {/* Two header rows; with rows left out of the page, the count and each row's place say where it is. */}
      <table className="w-full border-collapse text-sm" aria-rowcount={virtual ? rows.length + 2 : undefined}>
        <caption className="sr-only">{intl.formatMessage(captionText, { index, expiry })}</caption>
        <thead className="sticky top-0 z-10 bg-surface-raised text-xs text-fg-muted">
          <tr>
            <th colSpan={5} className={`px-2 py-1 text-center ${phoneClass(side === 'CE')}`}>{intl.formatMessage(messages.calls)}</th>
            <th className="px-2 py-1" />
            <th colSpan={5} className={`px-2 py-1 text-center ${phoneClass(side === 'PE')}`}>{intl.formatMessage(messages.puts)}</th>
          </tr>
          <tr className="border-b border-line">
            <HeaderCells mirrored phone={phoneClass(side === 'CE')} />
            <th className="px-2 py-2 text-center">{intl.formatMessage(messages.strike)}</th>
            <HeaderCells mirrored={false} phone={phoneClass(side === 'PE')} />
          </tr>
        </thead>
        <tbody>
          {before > 0 && <tr aria-hidden="true" style={{ height: before }} />}
          {items.map(({ index: i }) => {
            const row = rows[i]!;
            const isAtm = row.strike === atm;
            const spotBefore = spot !== null && i > 0 && rows[i - 1]!.strike < spot.last_price && row.strike >= spot.last_price;
            return (
              <ChainRowGroup key={row.strike} spotLine={spotBefore ? spotLine : null}>
                <tr
                  ref={(element) => {
                    if (isAtm) atmRow.current = element;
                    // Measured rows keep the spacers true to the rows left out (a row is taller on a phone).
                    if (virtual && element !== null) virtualizer.measureElement(element);
                  }}
                  data-index={i}
                  aria-current={isAtm ? 'true' : undefined}
                  aria-rowindex={virtual ? i + 3 : undefined}
                  className={`border-b border-line/60 ${isAtm ? 'bg-brand-soft' : ''}`}
                >
                  <SideCells instrument={row.ce} side="CE" visible={side === 'CE'} onPick={onPick} />
                  <th scope="row" className="px-2 py-1.5 text-center font-semibold tabular-nums text-fg">
                    {formatNumber(row.strike)}
                    {isAtm && <span className="sr-only">{intl.formatMessage(messages.atm)}</span>}
                  </th>
                  <SideCells instrument={row.pe} side="PE" visible={side === 'PE'} onPick={onPick} />
                </tr>
              </ChainRowGroup>
            );
          })}
          {after > 0 && <tr aria-hidden="true" style={{ height: after }} />}
        </tbody>
      </table>
    </div>
  );
}

/** The spot's line in the ladder, between the strikes it falls between. */
function ChainRowGroup({ spotLine, children }: { spotLine: string | null; children: ReactNode }) {
  return (
    <>
      {spotLine !== null && (
        <tr className="bg-warn/10">
          <td colSpan={11} className="px-2 py-1 text-center text-xs font-semibold text-fg">
            {spotLine}
          </td>
        </tr>
      )}
      {children}
    </>
  );
}
