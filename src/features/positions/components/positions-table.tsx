import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { Position } from '@/features/positions/api/position-calls';
import { PositionAverage } from '@/features/positions/components/position-average';
import { PositionCards } from '@/features/positions/components/position-cards';
import { DeliveryWarning } from '@/features/positions/components/delivery-warning';
import { NotLiveTotal, PriceNotLiveBadge } from '@/features/positions/components/price-not-live';
import { ProductBadge } from '@/features/positions/components/product-badge';
import { pnlTone } from '@/features/positions/components/pnl-tone';
import { positionKey, totalsOf, type MarkedPosition } from '@/features/positions/model/position-marks';
import { positionMessages } from '@/features/positions/position-messages';
import { symbolName } from '@/lib/format/symbol-name';
import { useFormat } from '@/lib/format/use-format';

export type PositionsTableProps = {
  /** Positions marked by position-marks.ts: the same figures the screen's summary adds up. */
  rows: readonly MarkedPosition[];
  /** A phone: cards, so net P&L and the actions need no sideways scrolling. */
  phone: boolean;
  renderActions?: (position: Position) => ReactNode;
};

/**
 * Positions with live marks, net of charges first, gross beside it on wider screens. `renderActions` adds
 * the row's buttons (square off, stop-loss, target) from the trading feature; on a phone rows become cards.
 */
export function PositionsTable({ rows, phone, renderActions }: PositionsTableProps) {
  const intl = useIntl();
  const { formatNumber, formatSignedInr, locale } = useFormat();
  const two = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  if (rows.length === 0) return <p className="text-sm text-fg-muted">{intl.formatMessage(positionMessages.none)}</p>;
  if (phone) return <PositionCards rows={rows} renderActions={renderActions} />;
  const totals = totalsOf(rows);

  return (
    <div className="flex flex-col gap-2">
      <div className="overflow-x-auto rounded-lg border border-line">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">{intl.formatMessage(positionMessages.caption)}</caption>
          {/* The headings keep one line: wrapped, they rewrapped as live prices changed the columns' widths, and every
              row (its Roll and Square off buttons with it) moved up and down under the trader's pointer. */}
          <thead className="bg-surface-raised text-xs text-fg-muted">
            <tr className="border-b border-line whitespace-nowrap">
              <th scope="col" className="px-2 py-2 text-start">{intl.formatMessage(positionMessages.instrument)}</th>
              <th scope="col" className="px-2 py-2 text-start">{intl.formatMessage(positionMessages.product)}</th>
              <th scope="col" className="px-2 py-2 text-end">{intl.formatMessage(positionMessages.quantity)}</th>
              <th scope="col" className="px-2 py-2 text-end">{intl.formatMessage(positionMessages.average)}</th>
              <th scope="col" className="px-2 py-2 text-end">{intl.formatMessage(positionMessages.ltp)}</th>
              <th scope="col" className="px-2 py-2 text-end">{intl.formatMessage(positionMessages.netPnl)}</th>
              <th scope="col" className="hidden px-2 py-2 text-end lg:table-cell">{intl.formatMessage(positionMessages.grossPnl)}</th>
              {renderActions && <th scope="col" className="px-2 py-2 text-end">{intl.formatMessage(positionMessages.actions)}</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map(({ position, price, net, gross, live }) => [
              <tr key={positionKey(position)} className="border-b border-line/60" data-position={position.tradingsymbol}>
                <th scope="row" className="px-2 py-2 text-start font-medium text-fg">
                  <span dir="ltr" title={position.tradingsymbol}>{symbolName(position.tradingsymbol, locale, position.expiry)}</span>
                  {position.quantity === 0 && <span className="ms-2 text-xs text-fg-muted">{intl.formatMessage(positionMessages.closed)}</span>}
                  {!live && <PriceNotLiveBadge className="ms-2" />}
                </th>
                <td className="px-2 py-2">
                  <ProductBadge product={position.product} />
                </td>
                <td className={`px-2 py-2 text-end tabular-nums ${pnlTone(position.quantity)}`} data-field="quantity">
                  {formatNumber(position.quantity, { signDisplay: 'exceptZero' })}
                </td>
                <td className="px-2 py-2 text-end text-xs tabular-nums text-fg-muted">
                  <PositionAverage position={position} />
                </td>
                <td className={`px-2 py-2 text-end tabular-nums ${live ? 'text-fg' : 'text-fg-muted'}`}>{formatNumber(price, two)}</td>
                <td className={`px-2 py-2 text-end font-semibold tabular-nums ${pnlTone(net)}`} data-field="net-pnl">
                  {formatSignedInr(net, two)}
                </td>
                <td className={`hidden px-2 py-2 text-end tabular-nums lg:table-cell ${pnlTone(gross)}`}>{formatSignedInr(gross, two)}</td>
                {renderActions && <td className="px-2 py-2 text-end">{renderActions(position)}</td>}
              </tr>,
              // A stock contract near expiry: what it will deliver and the margin it needs, under its row.
              position.delivery !== undefined && position.quantity !== 0 && (
                <tr key={`${positionKey(position)}:delivery`} className="border-b border-line/60">
                  <td colSpan={renderActions ? 8 : 7} className="px-2 pb-2">
                    <DeliveryWarning position={position} />
                  </td>
                </tr>
              ),
            ])}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" className="px-2 py-2 text-start text-fg">{intl.formatMessage(positionMessages.total)}</th>
              <td colSpan={4} className="px-2 py-2 text-end">
                <NotLiveTotal count={totals.notLive} />
              </td>
              <td className={`px-2 py-2 text-end font-semibold tabular-nums ${pnlTone(totals.net)}`} data-field="total-net-pnl">
                {formatSignedInr(totals.net, two)}
              </td>
              <td className="hidden lg:table-cell" />
              {renderActions && <td />}
            </tr>
          </tfoot>
        </table>
      </div>
      <p className="text-xs text-fg-muted">{intl.formatMessage(positionMessages.netNote)}</p>
    </div>
  );
}
