import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import type { Holding, HoldingTrade } from '@/features/positions/api/holding-calls';
import { HoldingFigures } from '@/features/positions/components/holding-figures';
import { HoldingOrderDialog } from '@/features/positions/components/holding-order-dialog';
import { HoldingTrades } from '@/features/positions/components/holding-trades';
import { pnlTone } from '@/features/positions/components/pnl-tone';
import { holdingMessages as messages } from '@/features/positions/holding-messages';
import { useFormat } from '@/lib/format/use-format';

const two = { minimumFractionDigits: 2, maximumFractionDigits: 2 };

/**
 * The shares the account's deliveries at expiry left it holding or owing (position book `holdings`, issue 63), each
 * with what it cost, its value and its P&L at the stock's price now (said as unpriced without a price), a Sell (or Buy
 * back) ticket when the account can trade them (`accountNumber`, the paper broker), and the trades made of them.
 */
export function DeliveredHoldings({
  holdings,
  trades = [],
  accountNumber = null,
  disabled = false,
  onTraded,
}: {
  holdings: readonly Holding[];
  trades?: readonly HoldingTrade[];
  accountNumber?: string | null;
  disabled?: boolean;
  onTraded?: () => void;
}) {
  const intl = useIntl();
  const { formatSignedInr } = useFormat();
  const [ticket, setTicket] = useState<Holding | null>(null);
  if (holdings.length === 0 && trades.length === 0) return null;
  return (
    <section className="flex flex-col gap-2" aria-labelledby="delivered-holdings" data-testid="delivered-holdings">
      <h2 id="delivered-holdings" className="text-sm font-semibold text-fg">
        {intl.formatMessage(messages.title)}
      </h2>
      <ul className="flex flex-col gap-2">
        {holdings.map((holding) => (
          <li key={holding.symbol} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 rounded-lg border border-line bg-surface px-3 py-2 text-sm" data-holding={holding.symbol}>
            <div className="flex min-w-0 flex-col">
              <p className="font-medium text-fg">
                {intl.formatMessage(holding.shares >= 0 ? messages.shares : messages.owed, { shares: Math.abs(holding.shares), symbol: holding.symbol })}
              </p>
              <HoldingFigures average={holding.average_price} last={holding.last_price} value={holding.value} />
            </div>
            <div className="flex items-center gap-3">
              {holding.pnl !== null && <span className={`font-medium tabular-nums ${pnlTone(holding.pnl)}`}>{formatSignedInr(holding.pnl, two)}</span>}
              {accountNumber !== null && (
                <Button variant="secondary" disabled={disabled} onClick={() => setTicket(holding)} data-testid={`holding-trade-${holding.symbol}`}>
                  {intl.formatMessage(holding.shares > 0 ? messages.sell : messages.buyBack)}
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
      <p className="text-xs text-fg-muted">{intl.formatMessage(messages.note)}</p>
      <HoldingTrades trades={trades} />
      {ticket !== null && accountNumber !== null && (
        <HoldingOrderDialog
          accountNumber={accountNumber}
          holding={ticket}
          onClose={() => setTicket(null)}
          onTraded={() => {
            setTicket(null);
            onTraded?.();
          }}
        />
      )}
    </section>
  );
}
