import { useIntl } from 'react-intl';
import type { HoldingTrade } from '@/features/positions/api/holding-calls';
import { pnlTone } from '@/features/positions/components/pnl-tone';
import { holdingMessages as messages } from '@/features/positions/holding-messages';
import { useFormat } from '@/lib/format/use-format';

const two = { minimumFractionDigits: 2, maximumFractionDigits: 2 };

/** The sales of delivered shares and buy-backs of shares owed (position book `holding_trades`), newest first, each with the P&L it realised. */
export function HoldingTrades({ trades }: { trades: readonly HoldingTrade[] }) {
  const intl = useIntl();
  const { formatInr, formatSignedInr } = useFormat();
  if (trades.length === 0) return null;
  return (
    <div className="flex flex-col gap-1" data-testid="holding-trades">
      <h3 className="text-xs font-semibold text-fg-muted">{intl.formatMessage(messages.tradesTitle)}</h3>
      <ul className="flex flex-col gap-1 text-sm">
        {trades.map((trade) => (
          <li key={`${trade.traded_at}-${trade.symbol}-${trade.side}`} className="flex flex-col" data-holding-trade={trade.symbol}>
            <span className="text-fg">
              {intl.formatMessage(trade.side === 'SELL' ? messages.sold : messages.boughtBack, { shares: trade.quantity, symbol: trade.symbol, price: formatInr(trade.price, two) })}
            </span>
            <span className="text-xs text-fg-muted tabular-nums">
              {intl.formatMessage(messages.tradeDetail, {
                average: formatInr(trade.average_price, two),
                pnl: <span className={pnlTone(trade.realised_pnl)}>{formatSignedInr(trade.realised_pnl, two)}</span>,
                charges: formatInr(trade.charges, two),
              })}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
