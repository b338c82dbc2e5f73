import { defineMessages, useIntl } from 'react-intl';
import type { OrderMargins } from '@/features/orders/api/trading-types';
import { cx } from '@/components/ui/class-names';
import { useFormat } from '@/lib/format/use-format';

const messages = defineMessages({
  premium: { id: 'orders.margins.premium', defaultMessage: 'Premium' },
  margin: { id: 'orders.margins.margin', defaultMessage: 'Margin blocked' },
  released: { id: 'orders.margins.released', defaultMessage: 'Margin freed once filled' },
  charges: { id: 'orders.margins.charges', defaultMessage: 'Charges' },
  required: { id: 'orders.margins.required', defaultMessage: 'Required' },
  available: { id: 'orders.margins.available', defaultMessage: 'Available' },
  chargesWithoutBrokerage: { id: 'orders.margins.chargesWithoutBrokerage', defaultMessage: 'Charges, excluding brokerage (not priced)' },
  requiredWithoutBrokerage: { id: 'orders.margins.requiredWithoutBrokerage', defaultMessage: 'Required, excluding brokerage' },
});

/**
 * What an order needs, line by line as Kite's order margins show it: premium, the margin it blocks or (its
 * own line) the margin it frees against what the account holds, charges, then required against available.
 * Required never goes below premium + charges: freed margin is not cash until the order fills. `stale`: the
 * figures are the order's before an edit, until the edited order's arrive (muted, not coloured). A broker whose
 * brokerage StrikeDesk cannot price (no charges call, no dated tariff) has its totals say they leave it out.
 */
export function MarginLines({ margins, short, stale = false }: { margins: OrderMargins; short: boolean; stale?: boolean }) {
  const intl = useIntl();
  const { formatInr } = useFormat();
  const two = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  const withoutBrokerage = margins.charge_breakdown.brokerage_status === 'not_priced';
  const lines: Array<{ key: string; label: string; value: number; tone?: string; strong?: boolean }> = [
    ...(margins.premium > 0 ? [{ key: 'premium', label: intl.formatMessage(messages.premium), value: margins.premium }] : []),
    ...(margins.margin > 0 ? [{ key: 'margin', label: intl.formatMessage(messages.margin), value: margins.margin }] : []),
    ...(margins.margin_released > 0 ? [{ key: 'released', label: intl.formatMessage(messages.released), value: margins.margin_released, tone: 'text-profit' }] : []),
    { key: 'charges', label: intl.formatMessage(withoutBrokerage ? messages.chargesWithoutBrokerage : messages.charges), value: margins.charges },
    { key: 'required', label: intl.formatMessage(withoutBrokerage ? messages.requiredWithoutBrokerage : messages.required), value: margins.required, strong: true, ...(short ? { tone: 'text-loss' } : {}) },
    { key: 'available', label: intl.formatMessage(messages.available), value: margins.available },
  ];
  return (
    <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-0.5 text-sm tabular-nums" data-testid="margin-lines">
      {lines.map((line) => (
        <div key={line.key} className="contents" data-testid={`margin-${line.key}`}>
          <dt className={cx('text-fg-muted', line.strong === true && 'font-medium text-fg')}>{line.label}</dt>
          <dd className={cx('text-end', stale ? 'text-fg-muted' : (line.tone ?? 'text-fg'), line.strong === true && 'font-semibold')}>{formatInr(line.value, two)}</dd>
        </div>
      ))}
    </dl>
  );
}
