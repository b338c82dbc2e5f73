import { useIntl } from 'react-intl';
import { ticketText as t } from '@/features/orders/components/order-ticket-messages';

/**
 * The ticket's title, "Order ticket: NIFTY26D0126000CE": the heading of the ticket beside the chain, or the
 * title of the sheet it opens in on a phone (once: the sheet's title is the ticket's).
 */
export function TicketHeading({ tradingsymbol }: { tradingsymbol: string }) {
  const intl = useIntl();
  return <>{intl.formatMessage(t.heading, { symbol: <span dir="ltr">{tradingsymbol}</span> })}</>;
}
