import { useIntl } from 'react-intl';
import { ticketMessages as messages, ticketText as t } from '@/features/orders/components/order-ticket-messages';
import { contractName, type ContractFacts } from '@/lib/format/contract-name';
import { useFormat } from '@/lib/format/use-format';

type Quote = { last_price: number; bid?: number | undefined; ask?: number | undefined };

/**
 * The contract in words ("NIFTY 01 Dec 26000 CE") and its last price, bid and ask. `notStreamedBy`: the broker whose
 * stream said it does not stream the contract (no price will come, so none is waited for).
 */
export function TicketContract({ instrument, quote, notStreamedBy = null }: { instrument: ContractFacts; quote: Quote | null; notStreamedBy?: string | null }) {
  const intl = useIntl();
  const { formatNumber, locale } = useFormat();
  const two = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  return (
    <div>
      <p className="text-sm font-medium text-fg" data-testid="contract-name">
        {contractName(instrument, locale)}
      </p>
      <p className="text-xs text-fg-muted tabular-nums">
        {quote === null
          ? notStreamedBy === null
            ? intl.formatMessage(messages.noPrice)
            : intl.formatMessage(t.notStreamed, { broker: notStreamedBy })
          : intl.formatMessage(t.quote, {
              last: formatNumber(quote.last_price, two),
              bid: quote.bid === undefined ? '\u2014' : formatNumber(quote.bid, two),
              ask: quote.ask === undefined ? '\u2014' : formatNumber(quote.ask, two),
            })}
      </p>
    </div>
  );
}
