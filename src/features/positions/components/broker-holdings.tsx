import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import type { BrokerHolding, BrokerHoldings as Holdings, HoldingOrderAnswer } from '@/features/positions/api/holding-calls';
import { brokerHoldingMessages as messages } from '@/features/positions/broker-holding-messages';
import { HoldingFigures } from '@/features/positions/components/holding-figures';
import { HoldingOrderDialog } from '@/features/positions/components/holding-order-dialog';
import { pnlTone } from '@/features/positions/components/pnl-tone';
import { holdingMessages } from '@/features/positions/holding-messages';
import { useFormat } from '@/lib/format/use-format';

const two = { minimumFractionDigits: 2, maximumFractionDigits: 2 };

/**
 * A live account's demat holdings as its broker reports them (position book `broker_holdings`, issue 63), each with a
 * Sell ticket for what can be sold now: a CNC order at the broker, followed in the order book. While the broker's
 * data is unknown (the session over), said so: never shown as holding nothing.
 */
export function BrokerHoldings({
  holdings,
  accountNumber,
  disabled = false,
  onTraded,
}: {
  holdings: Holdings;
  accountNumber: string;
  disabled?: boolean;
  onTraded?: () => void;
}) {
  const intl = useIntl();
  const { formatNumber, formatSignedInr } = useFormat();
  const [ticket, setTicket] = useState<BrokerHolding | null>(null);
  const [placed, setPlaced] = useState<string | null>(null);
  const handleTraded = (holding: BrokerHolding, answer: HoldingOrderAnswer) => {
    setTicket(null);
    if ('orders' in answer) setPlaced(intl.formatMessage(messages.placed, { symbol: holding.tradingsymbol }));
    onTraded?.();
  };
  return (
    <section className="flex flex-col gap-2" aria-labelledby="broker-holdings" data-testid="broker-holdings" data-status={holdings.status}>
      <h2 id="broker-holdings" className="text-sm font-semibold text-fg">
        {intl.formatMessage(messages.title)}
      </h2>
      {holdings.holdings === null ? (
        <p className="text-sm text-warn">{intl.formatMessage(messages.unknown)}</p>
      ) : holdings.holdings.length === 0 ? (
        <p className="text-sm text-fg-muted">{intl.formatMessage(messages.none)}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {holdings.holdings.map((holding) => (
            <li
              key={`${holding.exchange}:${holding.tradingsymbol}`}
              className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 rounded-lg border border-line bg-surface px-3 py-2 text-sm"
              data-holding={holding.tradingsymbol}
            >
              <div className="flex min-w-0 flex-col">
                <p className="font-medium text-fg">{intl.formatMessage(holdingMessages.shares, { shares: holding.shares, symbol: holding.tradingsymbol })}</p>
                <HoldingFigures average={holding.average_price} last={holding.last_price} value={holding.value} />
                {holding.sellable !== holding.shares && (
                  <p className="text-xs text-fg-muted tabular-nums">{intl.formatMessage(messages.sellable, { sellable: formatNumber(holding.sellable) })}</p>
                )}
              </div>
              <div className="flex items-center gap-3">
                {holding.pnl !== null && <span className={`font-medium tabular-nums ${pnlTone(holding.pnl)}`}>{formatSignedInr(holding.pnl, two)}</span>}
                {holding.sellable > 0 && (
                  <Button variant="secondary" disabled={disabled} onClick={() => setTicket(holding)} data-testid={`broker-holding-sell-${holding.tradingsymbol}`}>
                    {intl.formatMessage(holdingMessages.sell)}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-fg-muted">{intl.formatMessage(messages.note)}</p>
      {placed !== null && (
        <p role="status" className="text-sm text-fg">
          {placed}
        </p>
      )}
      {ticket !== null && (
        <HoldingOrderDialog
          accountNumber={accountNumber}
          holding={{ symbol: ticket.tradingsymbol, shares: ticket.sellable, last_price: ticket.last_price }}
          hint={intl.formatMessage(messages.ticketHint)}
          onClose={() => setTicket(null)}
          onTraded={(answer) => handleTraded(ticket, answer)}
        />
      )}
    </section>
  );
}
