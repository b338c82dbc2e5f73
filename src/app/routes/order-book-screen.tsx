import { useCallback, useEffect, useRef, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useTradingDesk } from '@/app/trading/use-trading-desk';
import { useWideScreen } from '@/app/trading/use-wide-screen';
import { LoadStatus } from '@/components/ui/load-status';
import { PageHeader } from '@/components/ui/page-header';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { getOrderBook, mergeOrderBook } from '@/features/orders/api/trading-calls';
import type { OrderBook } from '@/features/orders/api/trading-types';
import { OrderBookTable } from '@/features/orders/components/order-book-table';
import { useOnlineStatus } from '@/lib/network/use-online-status';

const messages = defineMessages({
  title: { id: 'orders.title', defaultMessage: 'Order book' },
  description: { id: 'orders.description', defaultMessage: 'Every order of the day on a broker account, with its status; modify or cancel open ones.' },
  account: { id: 'orders.account', defaultMessage: 'Broker account' },
  date: { id: 'orders.date', defaultMessage: 'Trading day' },
  loading: { id: 'orders.loading', defaultMessage: 'Loading the order book…' },
  failed: { id: 'orders.failed', defaultMessage: 'The order book could not be loaded, so no orders are shown.' },
  noAccount: { id: 'orders.noAccount', defaultMessage: 'Link a broker account to see its orders.' },
  unknown: {
    id: 'orders.unknown',
    defaultMessage: 'The broker session has expired: these orders are the last known ones. Log in to the broker to see their current state.',
  },
});

/** Orders still working change on the market's ticks: the book is read again this often while on screen. */
const refreshMs = 2000;

/** /app/order_book: an account's orders of a trading day, live, with modify and cancel. */
export function OrderBookScreen() {
  const intl = useIntl();
  const desk = useTradingDesk();
  const online = useOnlineStatus();
  const phone = !useWideScreen('(min-width: 768px)');
  const [date, setDate] = useState('');
  const [book, setBook] = useState<OrderBook | null>(null);
  const [failed, setFailed] = useState(false);
  const [stamp, setStamp] = useState(0);
  const reload = useCallback(() => setStamp((value) => value + 1), []);
  const accountNumber = desk.account?.account_number ?? null;

  // The whole day on opening (and when the account or day changes), then only what changed since.
  const shown = useRef<{ key: string; book: OrderBook } | null>(null);
  useEffect(() => {
    if (accountNumber === null) return;
    let current = true;
    const key = `${accountNumber}/${date}`;
    const previous = shown.current?.key === key ? shown.current.book : null;
    const day = date === '' ? undefined : date;
    getOrderBook(accountNumber, day, previous?.as_of ?? undefined)
      .then((value) => {
        if (!current) return;
        const next = previous === null ? value : mergeOrderBook(previous, value);
        shown.current = { key, book: next };
        setBook((old) => (old !== null && old.order_book === next.order_book && old.status === next.status ? old : next));
        setFailed(false);
      })
      .catch(() => {
        if (!current) return;
        shown.current = null;
        setBook(null);
        setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [accountNumber, date, stamp]);

  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible' && navigator.onLine) reload();
    }, refreshMs);
    return () => clearInterval(timer);
  }, [reload]);

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={intl.formatMessage(messages.title)} description={intl.formatMessage(messages.description)} />
      {desk.state === 'ready' && desk.account === null && <p className="text-sm text-fg-muted">{intl.formatMessage(messages.noAccount)}</p>}
      {desk.account !== null && (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:max-w-3xl">
          <SelectField label={intl.formatMessage(messages.account)} value={desk.account.id} onChange={(event) => desk.chooseAccount(Number(event.target.value))}>
            {desk.accounts.map((item) => (
              <option key={item.id} value={item.id}>
                {item.account_number}
              </option>
            ))}
          </SelectField>
          <TextField label={intl.formatMessage(messages.date)} type="date" value={date} onChange={(event) => setDate(event.target.value)} />
        </div>
      )}
      {book?.status === 'UNKNOWN' && (
        <p role="status" className="rounded-md border border-warn bg-warn/10 p-2 text-sm text-fg">
          {intl.formatMessage(messages.unknown)}
        </p>
      )}
      {accountNumber !== null &&
        (book === null ? (
          <LoadStatus loadingText={intl.formatMessage(messages.loading)} failedText={intl.formatMessage(messages.failed)} failed={failed} onRetry={reload} />
        ) : (
          <OrderBookTable orders={book.order_book} accountNumber={accountNumber} tradingDisabled={!online || !desk.sessionOpen} phone={phone} onChanged={reload} />
        ))}
    </div>
  );
}
