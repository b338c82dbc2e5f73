import { useRef, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { BrokerDataNote } from '@/app/trading/broker-data-note';
import { AccountChoice } from '@/app/trading/account-choice';
import { usePolledWhenTold } from '@/app/trading/use-order-notices';
import { useTradingDesk } from '@/app/trading/use-trading-desk';
import { useWideScreen } from '@/app/trading/use-wide-screen';
import { LoadStatus } from '@/components/ui/load-status';
import { PageHeader } from '@/components/ui/page-header';
import { ReplayMark } from '@/components/trading/replay-mark';
import { StaleNote } from '@/components/ui/stale-note';
import { DateField } from '@/components/ui/date-field';
import { getOrderBook, mergeOrderBook } from '@/features/orders/api/trading-calls';
import type { OrderBook } from '@/features/orders/api/trading-types';
import { OrderAndTradeBook } from '@/features/orders/components/order-and-trade-book';
import { useOnlineStatus } from '@/lib/network/use-online-status';

const messages = defineMessages({
  title: { id: 'orders.title', defaultMessage: 'Order book' },
  description: { id: 'orders.description', defaultMessage: 'Every order of the day on a broker account, with its status, and every fill with its charges; modify or cancel open ones.' },
  date: { id: 'orders.date', defaultMessage: 'Trading day' },
  loading: { id: 'orders.loading', defaultMessage: 'Loading the order book…' },
  failed: { id: 'orders.failed', defaultMessage: 'The order book could not be loaded, so no orders are shown.' },
  noAccount: { id: 'orders.noAccount', defaultMessage: 'Link a broker account to see its orders.' },
  unknown: {
    id: 'orders.unknown',
    defaultMessage: 'The broker session has expired: these orders are the last known ones. Log in to the broker to see their current state.',
  },
});

/**
 * Orders still working change on the market's ticks: the book is read again this often while on screen, but
 * only while no price stream tells the account's order changes (then it is read when told: use-order-notices.ts).
 */
const refreshMs = 2000;

/** /app/order_book: an account's orders of a trading day, live, with modify and cancel. */
export function OrderBookScreen() {
  const intl = useIntl();
  const desk = useTradingDesk();
  const online = useOnlineStatus();
  const phone = !useWideScreen('(min-width: 768px)');
  const [date, setDate] = useState('');
  const accountNumber = desk.account?.account_number ?? null;
  // The whole day on opening (and when the account or day changes), then only what changed since.
  const key = `${accountNumber}/${date}`;
  // What is on screen and the cursor of the next read (the last answer's as_of), kept apart: a read that
  // changed nothing hands back the very book on screen, so nothing re-renders and no snapshot is written again
  // (issue 37: handing back the book of the read before made every other read a new object, a re-render and
  // a write of the whole day to IndexedDB every 2 s).
  const shown = useRef<{ key: string; book: OrderBook; since: string | null } | null>(null);
  const load =
    accountNumber === null
      ? null
      : async () => {
          const previous = shown.current?.key === key ? shown.current : null;
          const changes = await getOrderBook(accountNumber, date === '' ? undefined : date, previous?.since ?? undefined);
          const next = previous === null ? changes : mergeOrderBook(previous.book, changes);
          const same = previous !== null && next.order_book === previous.book.order_book && next.trades === previous.book.trades && next.status === previous.book.status;
          const book = same ? previous.book : next;
          shown.current = { key, book, since: changes.as_of };
          return book;
        };
  const { data: book, asOf, failed, reload } = usePolledWhenTold(desk.account, load, key, { withoutStreamMs: refreshMs }, 'order-book');

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={intl.formatMessage(messages.title)} description={intl.formatMessage(messages.description)} actions={<ReplayMark />} />
      {desk.state === 'ready' && desk.account === null && <p className="text-sm text-fg-muted">{intl.formatMessage(messages.noAccount)}</p>}
      {desk.account !== null && (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:max-w-3xl">
          <AccountChoice desk={desk} />
          <DateField label={intl.formatMessage(messages.date)} value={date} onDayChange={setDate} emptyIsToday />
        </div>
      )}
      {asOf !== null && <StaleNote asOf={asOf} />}
      {book?.status === 'UNKNOWN' && (
        <BrokerDataNote desk={desk}>{intl.formatMessage(messages.unknown)}</BrokerDataNote>
      )}
      {accountNumber !== null &&
        (book === null ? (
          <LoadStatus loadingText={intl.formatMessage(messages.loading)} failedText={intl.formatMessage(messages.failed)} failed={failed} onRetry={reload} />
        ) : (
          <OrderAndTradeBook book={book} accountNumber={accountNumber} tradingDisabled={!online || !desk.sessionOpen} phone={phone} onChanged={reload} />
        ))}
    </div>
  );
}
