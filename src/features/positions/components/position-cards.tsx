import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { Position } from '@/features/positions/api/position-calls';
import { PositionAverage } from '@/features/positions/components/position-average';
import { DeliveryWarning } from '@/features/positions/components/delivery-warning';
import { pnlTone } from '@/features/positions/components/pnl-tone';
import { NotLiveTotal, PriceNotLiveBadge } from '@/features/positions/components/price-not-live';
import { ProductBadge } from '@/features/positions/components/product-badge';
import { positionKey, totalsOf, type MarkedPosition } from '@/features/positions/model/position-marks';
import { positionMessages } from '@/features/positions/position-messages';
import { symbolName } from '@/lib/format/symbol-name';
import { useFormat } from '@/lib/format/use-format';

const two = { minimumFractionDigits: 2, maximumFractionDigits: 2 };

/**
 * Positions on a phone, one card each, as the order book does: the contract and its product on top, the
 * net P&L large, then quantity, average and last price, then the actions at full width: nothing to scroll
 * sideways for at 360 px. The total closes the list.
 */
export function PositionCards({ rows, renderActions }: { rows: readonly MarkedPosition[]; renderActions?: ((position: Position) => ReactNode) | undefined }) {
  const intl = useIntl();
  const { formatNumber, formatSignedInr, locale } = useFormat();
  const totals = totalsOf(rows);
  return (
    <div className="flex flex-col gap-2">
      <ul className="flex flex-col gap-2" aria-label={intl.formatMessage(positionMessages.caption)}>
        {rows.map(({ position, price, net, live }) => (
          <li key={positionKey(position)} data-position={position.tradingsymbol} className="flex flex-col gap-2 rounded-lg border border-line bg-surface p-3 text-sm">
            <div className="flex items-start justify-between gap-2">
              <p className="min-w-0 font-medium text-fg">
                <span dir="ltr" title={position.tradingsymbol}>
                  {symbolName(position.tradingsymbol, locale, position.expiry)}
                </span>
                {position.quantity === 0 && <span className="ms-2 text-xs text-fg-muted">{intl.formatMessage(positionMessages.closed)}</span>}
                {!live && <PriceNotLiveBadge className="ms-2" />}
              </p>
              <ProductBadge product={position.product} />
            </div>
            <div className="flex items-baseline justify-between gap-2">
              <span className="text-xs text-fg-muted">{intl.formatMessage(positionMessages.netPnl)}</span>
              <span className={`text-lg font-semibold tabular-nums ${pnlTone(net)}`} data-field="net-pnl">
                {formatSignedInr(net, two)}
              </span>
            </div>
            <dl className="grid grid-cols-3 gap-2 text-xs">
              <div className="min-w-0">
                <dt className="text-fg-muted">{intl.formatMessage(positionMessages.quantity)}</dt>
                <dd className={`tabular-nums ${pnlTone(position.quantity)}`} data-field="quantity">
                  {formatNumber(position.quantity, { signDisplay: 'exceptZero' })}
                </dd>
              </div>
              <div className="min-w-0">
                <dt className="text-fg-muted">{intl.formatMessage(positionMessages.average)}</dt>
                <dd className="tabular-nums text-fg">
                  <PositionAverage position={position} />
                </dd>
              </div>
              <div className="min-w-0 text-end">
                <dt className="text-fg-muted">{intl.formatMessage(positionMessages.ltp)}</dt>
                <dd className={`tabular-nums ${live ? 'text-fg' : 'text-fg-muted'}`}>{formatNumber(price, two)}</dd>
              </div>
            </dl>
            <DeliveryWarning position={position} />
            {renderActions?.(position)}
          </li>
        ))}
      </ul>
      <p className="flex items-baseline justify-between gap-2 rounded-lg border border-line bg-surface-raised px-3 py-2 text-sm">
        <span className="flex min-w-0 flex-col items-start gap-1">
          <span className="font-medium text-fg">{intl.formatMessage(positionMessages.total)}</span>
          <NotLiveTotal count={totals.notLive} />
        </span>
        <span className={`font-semibold tabular-nums ${pnlTone(totals.net)}`} data-field="total-net-pnl">
          {formatSignedInr(totals.net, two)}
        </span>
      </p>
      <p className="text-xs text-fg-muted">{intl.formatMessage(positionMessages.netNote)}</p>
    </div>
  );
}
