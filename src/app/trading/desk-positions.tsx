import { useEffect } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { Order, TradingAccount } from '@/features/orders/api/trading-types';
import { RollFuture } from '@/app/trading/roll-future';
import { RollOption } from '@/app/trading/roll-option';
import { PositionActions, SquareOffAll } from '@/features/orders/components/position-actions';
import { getPositionBook, getPositions, type Position } from '@/features/positions/api/position-calls';
import { PositionsTable } from '@/features/positions/components/positions-table';
import { markPositions } from '@/features/positions/model/position-marks';
import { positionMessages } from '@/features/positions/position-messages';
import { LoadStatus } from '@/components/ui/load-status';
import { StaleNote } from '@/components/ui/stale-note';
import { LiveBookPanel } from '@/app/strategy-builder/live-book-panel';
import { BrokerDataNote, type NoteDesk } from '@/app/trading/broker-data-note';
import { useLiveQuotes } from '@/app/trading/use-live-quotes';
import { ordersForPositions } from '@/app/trading/position-orders';
import { PortfolioProtection } from '@/app/trading/portfolio-protection';
import { PositionAlertBell } from '@/app/trading/position-alert-bell';
import { PositionPremiumLink } from '@/app/trading/position-premium-link';
import { StrategyPremiumLinks } from '@/app/trading/strategy-premium-links';
import { usePolledWhenTold } from '@/app/trading/use-order-notices';
import { useWideScreen } from '@/app/trading/use-wide-screen';
import { useMarketClosed } from '@/features/market/hooks/use-market-status';

const messages = defineMessages({
  title: { id: 'live-trade.positions', defaultMessage: 'Positions' },
});

/**
 * Re-read the broker's positions this often while no price stream tells the account's order changes (fills
 * of resting orders land on ticks); while one does, they are read when it says an order changed.
 */
const refreshMs = 3000;

type Loaded = { positions: Position[]; unknown: boolean; orders: Order[] | null };

/**
 * The desk's positions: the chosen portfolio's (or the account's when it has none), marked live, with
 * square off, stop-loss and target on each row and "square off all". A failed read empties the list and
 * says why (spec §4), never keeping numbers that can no longer be trusted.
 */
export function DeskPositions({
  desk,
  account,
  portfolioId,
  tradingDisabled,
  refreshKey,
}: {
  desk: NoteDesk;
  account: TradingAccount;
  portfolioId: number | null;
  tradingDisabled: boolean;
  refreshKey: number;
}) {
  const intl = useIntl();
  const accountNumber = account.account_number;
  const { data: loaded, asOf, failed, reload } = usePolledWhenTold(
    account,
    async (): Promise<Loaded> => {
      const [read, orders] = await Promise.all([
        portfolioId === null
          ? getPositionBook(accountNumber).then((book) => ({ positions: book.net, unknown: book.status === 'UNKNOWN' }))
          : getPositions(portfolioId).then((data) => ({ positions: data.positions, unknown: data.status === 'UNKNOWN' })),
        ordersForPositions(accountNumber),
      ]);
      return { ...read, orders };
    },
    `${accountNumber}/${portfolioId}`,
    { withoutStreamMs: refreshMs },
    'desk-positions',
  );
  // An order placed from the ticket: read the positions now rather than at the next refresh.
  useEffect(() => {
    if (refreshKey > 0) reload();
  }, [refreshKey, reload]);

  const instruments = (loaded?.positions ?? []).filter((p) => p.quantity !== 0).map((p) => `${p.exchange}:${p.tradingsymbol}`);
  const live = useLiveQuotes(instruments);
  const phone = !useWideScreen('(min-width: 768px)');
  // Closed market: a square-off goes as an after-market order (AMO), which its buttons say.
  const afterMarket = useMarketClosed();
  const common = { account, disabled: tradingDisabled, onDone: reload, orders: loaded?.orders ?? null, afterMarket };

  return (
    <section className="flex flex-col gap-3" aria-labelledby="desk-positions-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="desk-positions-title" className="text-lg font-semibold text-fg">
          {intl.formatMessage(messages.title)}
        </h2>
        {asOf !== null && <StaleNote asOf={asOf} />}
        {loaded !== null && <SquareOffAll {...common} positions={loaded.positions} />}
      </div>
      {loaded?.unknown && (
        <BrokerDataNote desk={desk}>{intl.formatMessage(positionMessages.unknown)}</BrokerDataNote>
      )}
      {loaded === null ? (
        <LoadStatus
          loadingText={intl.formatMessage(positionMessages.loading)}
          failedText={intl.formatMessage(positionMessages.failed)}
          failed={failed}
          onRetry={reload}
        />
      ) : (
        <PositionsTable rows={markPositions(loaded.positions, live)} phone={phone} renderActions={(position) => <PositionActions {...common} position={position} extra={
                    <>
                      <PositionAlertBell position={position} />
                      <PositionPremiumLink position={position} />
                      <RollFuture position={position} account={common.account} disabled={common.disabled} onDone={common.onDone} />
                      <RollOption position={position} positions={loaded.positions} account={common.account} disabled={common.disabled} onDone={common.onDone} />
                    </>
                  } />} />
      )}
      {loaded !== null && <StrategyPremiumLinks positions={loaded.positions} />}
      {portfolioId !== null && <PortfolioProtection account={account} portfolioId={portfolioId} disabled={tradingDisabled} variant="desk" />}
      {loaded !== null && <LiveBookPanel positions={loaded.positions} orders={loaded.orders} />}
    </section>
  );
}
