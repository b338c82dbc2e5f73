import { defineMessage, defineMessages, useIntl } from 'react-intl';
import type { OrderMargins } from '@/features/orders/api/trading-types';
import { cx } from '@/components/ui/class-names';
import { useFormat } from '@/lib/format/use-format';

const lineMessages = defineMessages({
  brokerage: { id: 'orders.charges.brokerage', defaultMessage: 'Brokerage' },
  stt: { id: 'orders.charges.stt', defaultMessage: 'STT' },
  exchange: { id: 'orders.charges.exchange', defaultMessage: 'Exchange charges' },
  sebi: { id: 'orders.charges.sebi', defaultMessage: 'SEBI fees' },
  stamp_duty: { id: 'orders.charges.stampDuty', defaultMessage: 'Stamp duty' },
  gst: { id: 'orders.charges.gst', defaultMessage: 'GST' },
  call_and_trade: { id: 'orders.charges.callAndTrade', defaultMessage: 'Call & trade (auto square-off)' },
});

const summaryText = defineMessage({ id: 'orders.charges.summary', defaultMessage: 'Charges line by line' });
/** The ticket's words for a figure the server could not price (reused wherever a charge is not priced). */
export const notPricedText = defineMessage({ id: 'orders.charges.notPriced', defaultMessage: 'Not priced' });

// Call & trade is Zerodha's ₹50 (+ GST) on each order the broker squares off itself: 0 on an order the trader
// places, listed so that the cost of leaving an MIS position to the 15:25 square-off is in sight.
const lines = ['brokerage', 'stt', 'exchange', 'sebi', 'stamp_duty', 'gst', 'call_and_trade'] as const;

/**
 * The order's charges line by line, as a contract note lists them; folded under their total. `stale`: another
 * order's, until this one's arrive. A brokerage the server could not price reads "Not priced", never ₹0.
 */
export function ChargesBreakdown({ margins, stale = false }: { margins: OrderMargins; stale?: boolean }) {
  const intl = useIntl();
  const { formatInr } = useFormat();
  const two = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  return (
    <details className="text-sm text-fg-muted" aria-busy={stale} data-testid="charges-breakdown">
      <summary className="min-h-9 cursor-pointer py-1">{intl.formatMessage(summaryText)}</summary>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-0.5 ps-4 tabular-nums">
        {lines.map((line) => {
          const amount = margins.charge_breakdown[line];
          return (
            <div key={line} className="contents">
              <dt>{intl.formatMessage(lineMessages[line])}</dt>
              <dd className={cx('text-end', stale ? 'text-fg-muted' : 'text-fg')} data-testid={`charge-${line}`}>
                {amount === null ? intl.formatMessage(notPricedText) : formatInr(amount, two)}
              </dd>
            </div>
          );
        })}
      </dl>
    </details>
  );
}
