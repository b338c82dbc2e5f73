import { defineMessage, useIntl } from 'react-intl';
import type { Position } from '@/features/positions/api/position-calls';

const note = defineMessage({
  id: 'positions.brokerageNotPriced',
  defaultMessage:
    'Charges exclude brokerage on some positions: their broker’s brokerage is not priced (no dated tariff), so only the statutory charges (STT, exchange, SEBI, stamp duty, GST) are counted.',
});

/**
 * Under the charges total when some of the positions' charges leave the brokerage out (a Flattrade account's fills,
 * `brokerage_status: not_priced`): the total is then the statutory charges, never a made-up brokerage of ₹0.
 */
export function BrokerageNotPricedNote({ positions }: { positions: readonly Pick<Position, 'brokerage_status'>[] }) {
  const intl = useIntl();
  if (!positions.some((position) => position.brokerage_status === 'not_priced')) return null;
  return (
    <p className="text-xs text-fg-muted" data-field="brokerage-not-priced">
      {intl.formatMessage(note)}
    </p>
  );
}
