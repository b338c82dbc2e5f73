import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import type { components } from '@openapi/main';
import { pnlTone } from '@/features/positions/components/pnl-tone';
import { useFormat } from '@/lib/format/use-format';

type Holding = components['schemas']['Holding'];

const messages = {
  ...defineMessages({
    title: { id: 'positions.holdings.title', defaultMessage: 'Delivered shares' },
    noPrice: { id: 'positions.holdings.noPrice', defaultMessage: 'No price now' },
    notSold: {
      id: 'positions.holdings.notSold',
      defaultMessage: 'Shares received or delivered at expiry. Selling or buying them back as equity (CNC) is not offered by the paper broker yet.',
    },
  }),
  shares: defineMessage<{ shares: MessageValue; symbol: MessageValue }>({
    id: 'positions.holdings.shares',
    defaultMessage: '{shares, plural, one {Holds # {symbol} share} other {Holds # {symbol} shares}}',
  }),
  owed: defineMessage<{ shares: MessageValue; symbol: MessageValue }>({
    id: 'positions.holdings.owed',
    defaultMessage: '{shares, plural, one {Owes # {symbol} share} other {Owes # {symbol} shares}}',
  }),
  detail: defineMessage<{ average: MessageValue; last: MessageValue; value: MessageValue }>({
    id: 'positions.holdings.detail',
    defaultMessage: 'Cost {average} a share · now {last} · value {value}',
  }),
};

const two = { minimumFractionDigits: 2, maximumFractionDigits: 2 };

/**
 * The shares the account's deliveries at expiry left it holding or owing (position book `holdings`, issue 63), each
 * with what it cost, its value and its P&L at the stock's price now, said as unpriced when there is no price.
 */
export function DeliveredHoldings({ holdings }: { holdings: readonly Holding[] }) {
  const intl = useIntl();
  const { formatInr, formatSignedInr } = useFormat();
  if (holdings.length === 0) return null;
  return (
    <section className="flex flex-col gap-2" aria-labelledby="delivered-holdings" data-testid="delivered-holdings">
      <h2 id="delivered-holdings" className="text-sm font-semibold text-fg">
        {intl.formatMessage(messages.title)}
      </h2>
      <ul className="flex flex-col gap-2">
        {holdings.map((holding) => (
          <li key={holding.symbol} className="flex flex-wrap items-baseline justify-between gap-x-3 rounded-lg border border-line bg-surface px-3 py-2 text-sm" data-holding={holding.symbol}>
            <div className="flex min-w-0 flex-col">
              <p className="font-medium text-fg">
                {intl.formatMessage(holding.shares >= 0 ? messages.shares : messages.owed, { shares: Math.abs(holding.shares), symbol: holding.symbol })}
              </p>
              <p className="text-xs text-fg-muted tabular-nums">
                {intl.formatMessage(messages.detail, {
                  average: formatInr(holding.average_price, two),
                  last: holding.last_price === null ? intl.formatMessage(messages.noPrice) : formatInr(holding.last_price, two),
                  value: holding.value === null ? '\u2014' : formatSignedInr(holding.value, two),
                })}
              </p>
            </div>
            {holding.pnl !== null && <span className={`font-medium tabular-nums ${pnlTone(holding.pnl)}`}>{formatSignedInr(holding.pnl, two)}</span>}
          </li>
        ))}
      </ul>
      <p className="text-xs text-fg-muted">{intl.formatMessage(messages.notSold)}</p>
    </section>
  );
}
