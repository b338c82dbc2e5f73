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
 * The ladder: calls on the left, puts on the right, strikes in the middle, the at-the-money strike marked and
 * the spot shown at its place; on a phone one side at a time. It scrolls inside its own box to the money.
 */
export function ChainTable({ index, expiry, rows, spot, atm, side, scrollKey, onPick }: ChainTableProps) {
  const intl = useIntl();
  const { formatNumber } = useFormat();
  const atmRow = useRef<HTMLTableRowElement | null>(null);
  const scrolledFor = useRef<string | null>(null);
  useEffect(() => {
    if (atm === null || scrolledFor.current === scrollKey || atmRow.current === null) return;
    scrolledFor.current = scrollKey;
    // Scroll the chain's own box, not the page: the pickers and the strip stay in view.
    const row = atmRow.current;
    const box = row.closest<HTMLElement>('[data-chain-scroll]');
    if (box !== null) box.scrollTop = row.offsetTop - box.clientHeight / 2 + row.offsetHeight / 2;
  }, [atm, scrollKey]);
  const spotLine =
    spot === null ? null : intl.formatMessage(spotText, { spot: formatNumber(spot.last_price, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) });

  return (
    <div data-chain-scroll className="relative max-h-[70dvh] overflow-auto rounded-lg border border-line">
      <table className="w-full border-collapse text-sm">
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
          {rows.map((row, i) => {
            const isAtm = row.strike === atm;
            const spotBefore = spot !== null && i > 0 && rows[i - 1]!.strike < spot.last_price && row.strike >= spot.last_price;
            return (
              <ChainRowGroup key={row.strike} spotLine={spotBefore ? spotLine : null}>
                <tr
                  ref={isAtm ? atmRow : undefined}
                  aria-current={isAtm ? 'true' : undefined}
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
