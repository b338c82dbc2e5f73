import { useId, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { AccountChoice } from '@/app/trading/account-choice';
import { BrokerDataNote } from '@/app/trading/broker-data-note';
import { useLiveQuotes } from '@/app/trading/use-live-quotes';
import { ordersForPositions } from '@/app/trading/position-orders';
import { positionScreenTimers, usePolledWhenTold } from '@/app/trading/use-order-notices';
import { useTradingDesk } from '@/app/trading/use-trading-desk';
import { useWideScreen } from '@/app/trading/use-wide-screen';
import { LoadStatus } from '@/components/ui/load-status';
import { PageHeader } from '@/components/ui/page-header';
import { ReplayMark } from '@/components/trading/replay-mark';
import { StaleNote } from '@/components/ui/stale-note';
import { SelectField } from '@/components/ui/select-field';
import { PositionActions, SquareOffAll } from '@/features/orders/components/position-actions';
import { getPositionBook } from '@/features/positions/api/position-calls';
import { PositionsTable } from '@/features/positions/components/positions-table';
import { BrokerageNotPricedNote } from '@/features/positions/components/brokerage-not-priced';
import { ChargesStatusNote, chargesStatusOf, useChargesTotal } from '@/app/trading/charges-status';
import { BrokerHoldings } from '@/features/positions/components/broker-holdings';
import { DeliveredHoldings } from '@/features/positions/components/delivered-holdings';
import { DeliveryRecords } from '@/features/positions/components/delivery-warning';
import { NotLiveTotal } from '@/features/positions/components/price-not-live';
import { markPositions, totalsOf } from '@/features/positions/model/position-marks';
import { positionMessages, summaryMessages } from '@/features/positions/position-messages';
import { SummaryTiles } from '@/features/positions/components/summary-tiles';
import { useFormat } from '@/lib/format/use-format';
import { useOnlineStatus } from '@/lib/network/use-online-status';
import { useMarketClosed } from '@/features/market/hooks/use-market-status';

const messages = defineMessages({
  title: { id: 'position-book.title', defaultMessage: 'Position book' },
  description: { id: 'position-book.description', defaultMessage: 'The account’s positions across its portfolios, net and today’s, with realised and unrealised P&L after charges.' },
  view: { id: 'position-book.view', defaultMessage: 'Show' },
  net: { id: 'position-book.net', defaultMessage: 'Net positions' },
  day: { id: 'position-book.day', defaultMessage: 'Today’s positions' },
  noAccount: { id: 'position-book.noAccount', defaultMessage: 'Link a broker account to see its positions.' },
});

/** /app/position_book: an account's net and day positions (every portfolio's share netted), live. */
export function PositionBookScreen() {
  const intl = useIntl();
  const { formatInr, formatSignedInr } = useFormat();
  const desk = useTradingDesk();
  const online = useOnlineStatus();
  const phone = !useWideScreen('(min-width: 768px)');
  const [view, setView] = useState<'net' | 'day'>('net');
  const accountNumber = desk.account?.account_number ?? null;
  const { data: loaded, asOf, failed, reload } = usePolledWhenTold(
    desk.account,
    accountNumber === null
      ? null
      : async () => {
          const [positionBook, orders] = await Promise.all([getPositionBook(accountNumber), ordersForPositions(accountNumber)]);
          return { positionBook, orders };
        },
    accountNumber ?? '',
    positionScreenTimers,
    // Named apart from the bare book kept before, so an old snapshot is never read in the new shape.
    'position-book-orders',
  );
  const book = loaded?.positionBook ?? null;

  const positions = book === null ? [] : view === 'net' ? book.net : book.day;
  const live = useLiveQuotes(positions.filter((p) => p.quantity !== 0).map((p) => `${p.exchange}:${p.tradingsymbol}`));
  const two = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  // The totals line adds up the rows below at the same live prices (position-marks.ts).
  const rows = markPositions(positions, live);
  const totals = totalsOf(rows);
  const chargesTotal = useChargesTotal();
  const chargesNoteId = useId();
  const account = desk.account;
  // Closed market: a square-off goes as an after-market order (AMO), which its buttons say.
  const afterMarket = useMarketClosed();
  const common = account === null ? null : { account, disabled: !online || !desk.sessionOpen, onDone: reload, orders: loaded?.orders ?? null, afterMarket };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={intl.formatMessage(messages.title)} description={intl.formatMessage(messages.description)} actions={<ReplayMark />} />
      {desk.state === 'ready' && desk.account === null && <p className="text-sm text-fg-muted">{intl.formatMessage(messages.noAccount)}</p>}
      {desk.account !== null && (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:max-w-3xl">
          <AccountChoice desk={desk} />
          <SelectField label={intl.formatMessage(messages.view)} value={view} onChange={(event) => setView(event.target.value as 'net' | 'day')}>
            <option value="net">{intl.formatMessage(messages.net)}</option>
            <option value="day">{intl.formatMessage(messages.day)}</option>
          </SelectField>
        </div>
      )}
      {asOf !== null && <StaleNote asOf={asOf} />}
      {book?.status === 'UNKNOWN' && (
        <BrokerDataNote desk={desk}>{intl.formatMessage(positionMessages.unknown)}</BrokerDataNote>
      )}
      {common !== null &&
        (book === null ? (
          <LoadStatus loadingText={intl.formatMessage(positionMessages.loading)} failedText={intl.formatMessage(positionMessages.failed)} failed={failed} onRetry={reload} />
        ) : (
          <>
            {/* The account's margins as the server computes them (paper/funds.ts, or Kite's), never summed here. */}
            <SummaryTiles
              className="sm:grid-cols-3 lg:grid-cols-5"
              tiles={[
                { label: intl.formatMessage(summaryMessages.marginAvailable), value: formatInr(book.margins.available, two), field: 'margin-available' },
                { label: intl.formatMessage(summaryMessages.margin), value: formatInr(book.margins.used, two), field: 'margin' },
                { label: intl.formatMessage(summaryMessages.realised), value: formatSignedInr(totals.realised, two), field: 'realised' },
                { label: intl.formatMessage(summaryMessages.unrealised), value: formatSignedInr(totals.unrealised, two), field: 'unrealised' },
                {
                  label: intl.formatMessage(summaryMessages.charges),
                  value: chargesTotal(totals.charges, positions),
                  field: 'charges',
                  describedBy: chargesStatusOf(positions) === 'priced' ? undefined : chargesNoteId,
                },
              ]}
            />
            <BrokerageNotPricedNote positions={book.net} />
            <ChargesStatusNote id={chargesNoteId} positions={positions} />
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-fg-muted">
              <NotLiveTotal count={totals.notLive} />
              <SquareOffAll {...common} positions={book.net} />
            </div>
            <PositionsTable rows={rows} phone={phone} renderActions={view === 'net' ? (position) => <PositionActions {...common} position={position} /> : undefined} />
            <DeliveredHoldings
              holdings={book.holdings ?? []}
              trades={book.holding_trades ?? []}
              // Only a broker that reports its holdings (the paper broker) trades them here; a live account's are at its broker.
              accountNumber={book.holdings === undefined ? null : common.account.account_number}
              disabled={common.disabled}
              onTraded={reload}
            />
            {book.broker_holdings !== undefined && (
              <BrokerHoldings holdings={book.broker_holdings} accountNumber={common.account.account_number} disabled={common.disabled} onTraded={reload} />
            )}
            <DeliveryRecords deliveries={book.deliveries ?? []} />
          </>
        ))}
    </div>
  );
}
