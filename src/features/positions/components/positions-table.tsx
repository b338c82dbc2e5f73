import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { Position } from '@/features/positions/api/position-calls';
import { positionMessages } from '@/features/positions/position-messages';
import { productMessages } from '@/features/positions/product-messages';
import { useFormat } from '@/lib/format/use-format';

export type LivePrice = { last_price: number; timestamp: string };

/**
 * A position's net P&L at a price, in rupees to the paisa: (sold − bought) + quantity × price − charges.
 * Computed in paise so sums of many fills stay exact.
 */
export function netPnlAt(position: Position, lastPrice: number): number {
  const paise = (rupees: number) => Math.round(rupees * 100);
  const net = paise(position.sell_value) - paise(position.buy_value) + position.quantity * paise(lastPrice) - paise(position.charges);
  return net / 100;
}

const key = (position: Position) => `${position.exchange}:${position.tradingsymbol}:${position.product}:${position.portfolio_id ?? ''}`;

/**
 * Positions with live marks: each open one is marked at its live price (the server's last price until a
 * tick arrives), net of charges first, gross beside it on wider screens. `renderActions` adds the row's
 * buttons (square off, stop-loss, target) from the trading feature; on a phone rows become cards.
 */
export function PositionsTable({
  positions,
  live,
  renderActions,
}: {
  positions: readonly Position[];
  /** Live prices keyed EXCHANGE:TRADINGSYMBOL (missing ones read the server's last price). */
  live: ReadonlyMap<string, LivePrice>;
  renderActions?: (position: Position) => ReactNode;
}) {
  const intl = useIntl();
  const { formatNumber, formatSignedInr } = useFormat();
  const two = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  if (positions.length === 0) return <p className="text-sm text-fg-muted">{intl.formatMessage(positionMessages.none)}</p>;

  const rows = positions.map((position) => {
    const price = position.quantity === 0 ? position.last_price : (live.get(`${position.exchange}:${position.tradingsymbol}`)?.last_price ?? position.last_price);
    const net = position.quantity === 0 ? position.net_pnl : netPnlAt(position, price);
    return { position, price, net, gross: net + position.charges };
  });
  const totalNet = rows.reduce((sum, row) => sum + Math.round(row.net * 100), 0) / 100;
  const tone = (value: number) => (value > 0 ? 'text-profit' : value < 0 ? 'text-loss' : 'text-fg');

  return (
    <div className="flex flex-col gap-2">
      <div className="overflow-x-auto rounded-lg border border-line">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">{intl.formatMessage(positionMessages.caption)}</caption>
          <thead className="bg-surface-raised text-xs text-fg-muted">
            <tr className="border-b border-line">
              <th scope="col" className="px-2 py-2 text-start">{intl.formatMessage(positionMessages.instrument)}</th>
              <th scope="col" className="hidden px-2 py-2 text-start sm:table-cell">{intl.formatMessage(positionMessages.product)}</th>
              <th scope="col" className="px-2 py-2 text-end">{intl.formatMessage(positionMessages.quantity)}</th>
              <th scope="col" className="hidden px-2 py-2 text-end sm:table-cell">{intl.formatMessage(positionMessages.average)}</th>
              <th scope="col" className="px-2 py-2 text-end">{intl.formatMessage(positionMessages.ltp)}</th>
              <th scope="col" className="px-2 py-2 text-end">{intl.formatMessage(positionMessages.netPnl)}</th>
              <th scope="col" className="hidden px-2 py-2 text-end md:table-cell">{intl.formatMessage(positionMessages.grossPnl)}</th>
              {renderActions && <th scope="col" className="px-2 py-2 text-end">{intl.formatMessage(positionMessages.actions)}</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map(({ position, price, net, gross }) => (
              <tr key={key(position)} className="border-b border-line/60" data-position={position.tradingsymbol}>
                <th scope="row" className="px-2 py-2 text-start font-medium text-fg">
                  <span dir="ltr">{position.tradingsymbol}</span>
                  {position.quantity === 0 && <span className="ms-2 text-xs text-fg-muted">{intl.formatMessage(positionMessages.closed)}</span>}
                </th>
                <td className="hidden px-2 py-2 text-fg-muted sm:table-cell">{intl.formatMessage(productMessages[position.product])}</td>
                <td className={`px-2 py-2 text-end tabular-nums ${tone(position.quantity)}`} data-field="quantity">
                  {formatNumber(position.quantity, { signDisplay: 'exceptZero' })}
                </td>
                <td className="hidden px-2 py-2 text-end tabular-nums text-fg-muted sm:table-cell">{formatNumber(position.average_price, two)}</td>
                <td className="px-2 py-2 text-end tabular-nums text-fg">{formatNumber(price, two)}</td>
                <td className={`px-2 py-2 text-end font-semibold tabular-nums ${tone(net)}`} data-field="net-pnl">
                  {formatSignedInr(net, two)}
                </td>
                <td className={`hidden px-2 py-2 text-end tabular-nums md:table-cell ${tone(gross)}`}>{formatSignedInr(gross, two)}</td>
                {renderActions && <td className="px-2 py-2 text-end">{renderActions(position)}</td>}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" className="px-2 py-2 text-start text-fg">{intl.formatMessage(positionMessages.total)}</th>
              <td className="hidden sm:table-cell" />
              <td />
              <td className="hidden sm:table-cell" />
              <td />
              <td className={`px-2 py-2 text-end font-semibold tabular-nums ${tone(totalNet)}`} data-field="total-net-pnl">
                {formatSignedInr(totalNet, two)}
              </td>
              <td className="hidden md:table-cell" />
              {renderActions && <td />}
            </tr>
          </tfoot>
        </table>
      </div>
      <p className="text-xs text-fg-muted">{intl.formatMessage(positionMessages.netNote)}</p>
    </div>
  );
}
