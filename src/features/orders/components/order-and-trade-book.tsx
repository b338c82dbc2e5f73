import { useId, useState, type KeyboardEvent } from 'react';
import { defineMessage, useIntl, type MessageValue } from 'react-intl';
import type { OrderBook } from '@/features/orders/api/trading-types';
import { OrderBookTable } from '@/features/orders/components/order-book-table';
import { TradeBookTable } from '@/features/orders/components/trade-book-table';
import { useFormat } from '@/lib/format/use-format';

const tabText = {
  orders: defineMessage<{ count: MessageValue }>({ id: 'orders.tabs.orders', defaultMessage: 'Orders ({count})' }),
  trades: defineMessage<{ count: MessageValue }>({ id: 'orders.tabs.trades', defaultMessage: 'Trades ({count})' }),
};

type Tab = keyof typeof tabText;
const tabs: Tab[] = ['orders', 'trades'];

/** The day's orders and, a tab away, its fills (Kite's order and trade books side by side). */
export function OrderAndTradeBook({
  book,
  accountNumber,
  tradingDisabled,
  phone,
  onChanged,
}: {
  book: OrderBook;
  accountNumber: string;
  tradingDisabled: boolean;
  phone: boolean;
  onChanged: () => void;
}) {
  const intl = useIntl();
  const { formatNumber } = useFormat();
  const id = useId();
  const [tab, setTab] = useState<Tab>('orders');
  const count = { orders: book.order_book.length, trades: book.trades.length };
  // The tabs pattern: arrows move between tabs, and only the chosen one is in the tab order.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const next = tabs[(tabs.indexOf(tab) + 1) % tabs.length]!;
    setTab(next);
    document.getElementById(`${id}-${next}-tab`)?.focus();
  };
  return (
    <div className="flex flex-col gap-3">
      <div role="tablist" className="flex gap-1 border-b border-line" onKeyDown={onKeyDown}>
        {tabs.map((name) => (
          <button
            key={name}
            id={`${id}-${name}-tab`}
            type="button"
            role="tab"
            aria-selected={tab === name}
            aria-controls={`${id}-${name}-panel`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
            className={`-mb-px min-h-11 border-b-2 px-3 text-sm font-medium ${tab === name ? 'border-brand text-fg' : 'border-transparent text-fg-muted hover:text-fg'}`}
          >
            {intl.formatMessage(tabText[name], { count: formatNumber(count[name]) })}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-${tab}-panel`} aria-labelledby={`${id}-${tab}-tab`}>
        {tab === 'orders' ? (
          <OrderBookTable orders={book.order_book} accountNumber={accountNumber} tradingDisabled={tradingDisabled} phone={phone} onChanged={onChanged} />
        ) : (
          <TradeBookTable trades={book.trades} phone={phone} />
        )}
      </div>
    </div>
  );
}
