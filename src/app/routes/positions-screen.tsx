import { useId, useState } from 'react';
import { defineMessage, defineMessages, type MessageValue, useIntl } from 'react-intl';
import { LiveBookPanel } from '@/app/strategy-builder/live-book-panel';
import { BrokerDataNote } from '@/app/trading/broker-data-note';
import { useLiveQuotes } from '@/app/trading/use-live-quotes';
import { ordersForPositions } from '@/app/trading/position-orders';
import { PositionAlertBell } from '@/app/trading/position-alert-bell';
import { PositionPremiumLink } from '@/app/trading/position-premium-link';
import { StrategyPremiumLinks } from '@/app/trading/strategy-premium-links';
import { positionScreenTimers, usePolledWhenTold } from '@/app/trading/use-order-notices';
import { useTradingDesk } from '@/app/trading/use-trading-desk';
import { useWideScreen } from '@/app/trading/use-wide-screen';
import { LoadStatus } from '@/components/ui/load-status';
import { PageHeader } from '@/components/ui/page-header';
import { ReplayMark } from '@/components/trading/replay-mark';
import { StaleNote } from '@/components/ui/stale-note';
import { SelectField } from '@/components/ui/select-field';
import { DateField } from '@/components/ui/date-field';
import type { Order } from '@/features/orders/api/trading-types';
import { OrderAccount } from '@/features/orders/components/order-account';
import { RollFuture } from '@/app/trading/roll-future';
import { RollOption } from '@/app/trading/roll-option';
import { PositionActions, SquareOffAll } from '@/features/orders/components/position-actions';
import { getPositionsByBot, getPositionSummary, type PositionsByBot, type PositionSummary } from '@/features/positions/api/position-calls';
import { PnlHistory } from '@/features/positions/components/pnl-history';
import { PortfolioProtection as PositionsProtection } from '@/app/trading/portfolio-protection';
import { PositionGroups } from '@/features/positions/components/position-groups';
import { NotLiveTotal } from '@/features/positions/components/price-not-live';
import { BrokerageNotPricedNote } from '@/features/positions/components/brokerage-not-priced';
import { ChargesStatusNote, chargesStatusOf, useChargesTotal } from '@/app/trading/charges-status';
import { groupMessages } from '@/features/positions/group-messages';
import { markPositions, totalsOf } from '@/features/positions/model/position-marks';
import { positionMessages, summaryMessages } from '@/features/positions/position-messages';
import { SummaryTiles } from '@/features/positions/components/summary-tiles';
import { useFormat } from '@/lib/format/use-format';
import { useOnlineStatus } from '@/lib/network/use-online-status';
import { useMarketClosed } from '@/features/market/hooks/use-market-status';


const messages = defineMessages({
  title: { id: 'positions.title', defaultMessage: 'Positions' },
  description: { id: 'positions.description', defaultMessage: 'A portfolio’s positions, live, with its P&L day by day.' },
  portfolio: { id: 'positions.portfolio', defaultMessage: 'Portfolio' },
  date: { id: 'positions.date', defaultMessage: 'Trading day' },
  noPortfolio: { id: 'positions.noPortfolio', defaultMessage: 'Create a portfolio under a broker account to see its positions.' },
  history: { id: 'positions.history', defaultMessage: 'Net realised P&L, day by day' },
  chartLabel: { id: 'positions.chartLabel', defaultMessage: 'Cumulative net realised P&L per trading day' },
  noHistory: { id: 'positions.noHistory', defaultMessage: 'No closed trades yet: the history starts with the first realised P&L.' },
  netPnl: { id: 'positions.summary.netPnl', defaultMessage: 'Net P&L' },
  open: { id: 'positions.summary.open', defaultMessage: 'Open positions' },
  drawdown: { id: 'positions.summary.drawdown', defaultMessage: 'Max drawdown' },
  drawdownHelp: {
    id: 'positions.summary.drawdownHelp',
    defaultMessage: 'The drawdown is the largest fall of the net P&L from an earlier peak: each day’s close at its net realised P&L, and now with the open positions at their price, as Net P&L counts them.',
  },
});

const summaryCaption = defineMessage<{ time: MessageValue }>({ id: 'positions.summary.asOf', defaultMessage: 'As of {time} IST' });

type Loaded = { byBot: PositionsByBot; summary: PositionSummary; orders: Order[] | null };

/** /app/position: the chosen portfolio's positions and summary for a day, its P&L history and drawdown. */
export function PositionsScreen() {
  const intl = useIntl();
  const { formatInr, formatSignedInr, formatNumber, formatTime } = useFormat();
  const desk = useTradingDesk();
  const online = useOnlineStatus();
  const phone = !useWideScreen('(min-width: 768px)');
  const [date, setDate] = useState('');
  const notLiveId = useId();
  const drawdownId = useId();
  const chargesNoteId = useId();
  const portfolioId = desk.portfolio?.id ?? null;
  const accountNumber = desk.account?.account_number ?? null;
  const day = date === '' ? undefined : date;
  const { data: loaded, asOf, failed, reload } = usePolledWhenTold(
    desk.account,
    portfolioId === null
      ? null
      : async (): Promise<Loaded> => {
          const [byBot, summary, orders] = await Promise.all([
            getPositionsByBot(portfolioId, day),
            getPositionSummary(portfolioId, day),
            // Working orders are today's: another day's positions show none.
            accountNumber === null || day !== undefined ? Promise.resolve(null) : ordersForPositions(accountNumber),
          ]);
          return { byBot, summary, orders };
        },
    `${portfolioId}/${date}`,
    positionScreenTimers,
    // Named apart from the ungrouped list kept before, so an old snapshot is never read as groups.
    'positions-by-bot',
  );

  const groups = loaded?.byBot.groups ?? [];
  const positions = groups.flatMap((group) => group.positions);
  const live = useLiveQuotes(positions.filter((p) => p.quantity !== 0).map((p) => `${p.exchange}:${p.tradingsymbol}`));
  const two = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  const account = desk.account;
  // Closed market: a square-off goes as an after-market order (AMO), which its buttons say.
  const afterMarket = useMarketClosed();
  // The chosen portfolio belongs to the desk's account, so whenever there are positions there is an account.
  const common = account === null ? null : { account, disabled: !online || !desk.sessionOpen, onDone: reload, orders: loaded?.orders ?? null, afterMarket };
  const summary = loaded?.summary;
  // The P&L tiles add up the very rows the tables show, at the same live prices (position-marks.ts): the
  // server's summary was marked at the price of its read and drifted from the table between two reads.
  const totals = totalsOf(markPositions(positions, live));
  const chargesTotal = useChargesTotal();
  // The tiles that move with the price point to the note saying one of the prices behind them is not live.
  const notLiveOf = (field: string) => (totals.notLive > 0 && (field === 'net-pnl' || field === 'unrealised') ? notLiveId : undefined);
  // Net P&L subtracts only the charges known: where they are not whole, it and the Charges tile point to the note saying so.
  const chargesNoteOf = (field: string) => (chargesStatusOf(positions) !== 'priced' && (field === 'net-pnl' || field === 'charges') ? chargesNoteId : undefined);
  const describedBy = (field: string) => (field === 'drawdown' ? drawdownId : [notLiveOf(field), chargesNoteOf(field)].filter((id) => id !== undefined).join(' ') || undefined);
  const tiles = summary
    ? [
        [messages.netPnl, formatSignedInr(totals.net, two), 'net-pnl'],
        [summaryMessages.realised, formatSignedInr(totals.realised, two), 'realised'],
        [summaryMessages.unrealised, formatSignedInr(totals.unrealised, two), 'unrealised'],
        [summaryMessages.charges, chargesTotal(totals.charges, positions), 'charges'],
        [summaryMessages.margin, formatInr(summary.margin_used, two), 'margin'],
        [messages.open, formatNumber(totals.open), 'open'],
        [messages.drawdown, formatInr(summary.max_drawdown, two), 'drawdown'],
      ] as const
    : [];

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={intl.formatMessage(messages.title)} description={intl.formatMessage(messages.description)} actions={<ReplayMark />} />
      {asOf !== null && <StaleNote asOf={asOf} />}
      {desk.state === 'ready' && desk.portfolio === null && <p className="text-sm text-fg-muted">{intl.formatMessage(messages.noPortfolio)}</p>}
      {desk.portfolio !== null && (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:max-w-3xl">
          <SelectField label={intl.formatMessage(messages.portfolio)} value={desk.portfolio.id} onChange={(event) => desk.choosePortfolio(Number(event.target.value))}>
            {desk.portfolios.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </SelectField>
          <DateField label={intl.formatMessage(messages.date)} value={date} onDayChange={setDate} emptyIsToday />
          {account !== null && (
            <div className="sm:col-span-2">
              <OrderAccount account={account} />
            </div>
          )}
        </div>
      )}
      {loaded?.byBot.status === 'UNKNOWN' && (
        <BrokerDataNote desk={desk}>{intl.formatMessage(positionMessages.unknown)}</BrokerDataNote>
      )}
      {common !== null &&
        portfolioId !== null &&
        (loaded === null || summary === undefined ? (
          <LoadStatus loadingText={intl.formatMessage(positionMessages.loading)} failedText={intl.formatMessage(positionMessages.failed)} failed={failed} onRetry={reload} />
        ) : (
          <>
            <section aria-label={intl.formatMessage(messages.netPnl)} className="flex flex-col gap-2">
              <SummaryTiles
                className="sm:grid-cols-4 lg:grid-cols-7"
                tiles={tiles.map(([label, value, field]) => ({ label: intl.formatMessage(label), value, field, describedBy: describedBy(field) }))}
              />
              <NotLiveTotal id={notLiveId} count={totals.notLive} className="self-start" />
              <BrokerageNotPricedNote positions={positions} />
              <ChargesStatusNote id={chargesNoteId} positions={positions} />
              <p id={drawdownId} className="text-xs text-fg-muted">
                {intl.formatMessage(messages.drawdownHelp)}
              </p>
              {summary.as_of !== null && <p className="text-xs text-fg-muted">{intl.formatMessage(summaryCaption, { time: formatTime(summary.as_of) })}</p>}
            </section>
            <section className="flex flex-col gap-3" aria-labelledby="positions-by-bot">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 id="positions-by-bot" className="text-lg font-semibold text-fg">
                  {intl.formatMessage(groupMessages.heading)}
                </h2>
                <SquareOffAll {...common} positions={positions} />
              </div>
              <PositionGroups groups={groups} live={live} phone={phone} renderActions={(position) => <PositionActions {...common} position={position} extra={
                    <>
                      <PositionAlertBell position={position} />
                      <PositionPremiumLink position={position} />
                      <RollFuture position={position} account={common.account} disabled={common.disabled} onDone={common.onDone} />
                      <RollOption position={position} positions={positions} account={common.account} disabled={common.disabled} onDone={common.onDone} />
                    </>
                  } />} />
              <StrategyPremiumLinks positions={positions} day={day} />
            </section>
            {/* Today's MTM is what the protection watches: another day's positions show none. Under the positions,
                as on the desk: it appears once its own read lands, and above them it pushed "Square off all" down
                under a tap on its way. */}
            {day === undefined && <PositionsProtection account={common.account} portfolioId={portfolioId} disabled={common.disabled} />}
            <LiveBookPanel positions={positions} orders={loaded.orders} />
            <section className="flex flex-col gap-2" aria-labelledby="positions-history">
              <h2 id="positions-history" className="text-lg font-semibold text-fg">
                {intl.formatMessage(messages.history)}
              </h2>
              {summary.days.length === 0 ? (
                <p className="text-sm text-fg-muted">{intl.formatMessage(messages.noHistory)}</p>
              ) : (
                <PnlHistory days={summary.days} label={intl.formatMessage(messages.chartLabel)} />
              )}
            </section>
          </>
        ))}
    </div>
  );
}
