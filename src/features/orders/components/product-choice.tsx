import { defineMessage, useIntl, type MessageValue } from 'react-intl';
import type { Product } from '@/features/orders/api/trading-types';
import { ticketMessages } from '@/features/orders/components/order-ticket-messages';
import type { MisWindow } from '@/features/orders/model/product-default';
import { productMessages } from '@/features/orders/order-messages';
import { SelectField } from '@/components/ui/select-field';

const closedText = defineMessage<{ time: MessageValue }>({
  id: 'orders.mis.closed',
  defaultMessage: 'MIS is closed for today (from {time} IST): the broker takes no fresh intraday order, so this goes as NRML (overnight).',
});
const closedChosenText = defineMessage<{ time: MessageValue }>({
  id: 'orders.mis.closedChosen',
  defaultMessage: 'MIS is closed for today (from {time} IST): the broker will refuse a fresh MIS order. Choose NRML (overnight).',
});
const demoText = defineMessage<{ time: MessageValue }>({
  id: 'orders.mis.demo',
  defaultMessage: 'Demo market: MIS at any hour. MIS positions are squared off at {time} IST each day; one opened after {time}, at {time} the next day.',
});

/**
 * The product of an order (MIS or NRML), with what the trader must know of MIS now, said before any review:
 * closed for today after the broker's cut-off (the server's market status), or the demo market's rule.
 * Where the order is made: the ticket, the strategy builder's basket, a recommendation's basket.
 */
export function ProductChoice({ value, onChange, mis, className }: { value: Product; onChange: (product: Product) => void; mis: MisWindow | null; className?: string }) {
  const intl = useIntl();
  const time = mis?.cutOff ?? '';
  const note =
    mis === null ? undefined
    : mis.closed ? (
      <span data-testid="mis-note" data-mis="closed" className={value === 'MIS' ? 'font-medium text-warn' : 'text-fg'}>
        {intl.formatMessage(value === 'MIS' ? closedChosenText : closedText, { time })}
      </span>
    ) : mis.demo && value === 'MIS' ? (
      <span data-testid="mis-note" data-mis="demo">{intl.formatMessage(demoText, { time })}</span>
    ) : undefined;
  return (
    <SelectField className={className} label={intl.formatMessage(ticketMessages.product)} value={value} hint={note} onChange={(event) => onChange(event.target.value === 'MIS' ? 'MIS' : 'NRML')}>
      {(['MIS', 'NRML'] as const).map((product) => (
        <option key={product} value={product}>
          {intl.formatMessage(productMessages[product])}
        </option>
      ))}
    </SelectField>
  );
}
