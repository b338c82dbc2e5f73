import { defineMessage, useIntl, type MessageValue } from 'react-intl';
import type { Position } from '@/features/positions/api/position-calls';
import { useFormat } from '@/lib/format/use-format';

const boughtAt = defineMessage<{ price: MessageValue }>({ id: 'positions.average.bought', defaultMessage: 'Bought {price}' });
const soldAt = defineMessage<{ price: MessageValue }>({ id: 'positions.average.sold', defaultMessage: 'Sold {price}' });
const two = { minimumFractionDigits: 2, maximumFractionDigits: 2 };

/**
 * A position's average price. An open one has one average (the side it holds); a closed one was bought
 * and sold, and the server's single average is then the buy side's, which read as a short's entry price:
 * both are shown, each named.
 */
export function PositionAverage({ position }: { position: Position }) {
  const intl = useIntl();
  const { formatNumber } = useFormat();
  if (position.quantity !== 0) return <span data-field="average">{formatNumber(position.average_price, two)}</span>;
  return (
    <span className="flex flex-col" data-field="average">
      <span>{intl.formatMessage(boughtAt, { price: formatNumber(position.buy_price, two) })}</span>
      <span>{intl.formatMessage(soldAt, { price: formatNumber(position.sell_price, two) })}</span>
    </span>
  );
}
