import BellAlertIcon from '@heroicons/react/24/outline/BellAlertIcon';
import BoltIcon from '@heroicons/react/24/outline/BoltIcon';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useCallback, useState } from 'react';
import { defineMessage, defineMessages, type MessageValue, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { setupMessages, stepText } from '@/app/getting-started/setup-messages';
import { useSetupProgress } from '@/app/getting-started/use-setup-progress';
import { ReplayBotPanel } from '@/app/replay/replay-bot-panel';
import { DeskAccountFields, DeskLogInLink } from '@/app/trading/desk-account-fields';
import { DeskFold } from '@/app/trading/desk-fold';
import { KillSwitchNotice, useArmedKillSwitch } from '@/app/trading/kill-switch-notice';
import { DeskPositions } from '@/app/trading/desk-positions';
import { useFreezeQuantity } from '@/app/trading/use-freeze-quantity';
import { useLinkedInstrument } from '@/app/trading/use-linked-instrument';
import { useTradingDesk } from '@/app/trading/use-trading-desk';
import { useUnstreamed } from '@/app/trading/use-unstreamed';
import { useWideScreen } from '@/app/trading/use-wide-screen';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadStatus } from '@/components/ui/load-status';
import { Modal } from '@/components/ui/modal';
import { PageHeader } from '@/components/ui/page-header';
import { brokersAtom } from '@/features/brokers/atoms/brokers-atom';
import { brokerName } from '@/features/brokers/broker-names';
import { useBrokerCapabilities } from '@/features/brokers/hooks/use-broker-capabilities';
import type { FutureInstrument } from '@/features/market/api/get-expiries';
import type { OptionInstrument } from '@/features/market/api/get-instruments';
import { ChainPickers } from '@/features/market/components/chain-pickers';
import { ChainView } from '@/features/market/components/option-chain';
import { liveFeed } from '@/features/market/feed/live-feed';
import { IvChartLink } from '@/features/analytics/volatility/iv-chart-link';
import { useChainChoice } from '@/features/market/hooks/use-chain-choice';
import { useMarketClosed } from '@/features/market/hooks/use-market-status';
import { useMisWindow } from '@/features/market/hooks/use-mis-window';
import { useQuote } from '@/features/market/hooks/use-quote';
import { OrderTicket } from '@/features/orders/components/order-ticket';
import { TicketHeading } from '@/features/orders/components/ticket-heading';
import { ReplayEntry } from '@/features/replay/components/replay-entry';
import { useOnlineStatus } from '@/lib/network/use-online-status';
import { openReplayAtom } from '@/lib/replay/replay-atom';
import { store } from '@/lib/store';
import { tradingModeOf } from '@/lib/trading/trading-mode';

// Loaded when the trader first asks for an alert: the desk's own chunk stays as it was.
const PriceAlertDialog = lazy(() => import('@/features/alerts/components/price-alert-dialog').then((module) => ({ default: module.PriceAlertDialog })));

const messages = defineMessages({
  title: { id: 'live-trade.title', defaultMessage: 'Live trade' },
  replayTitle: { id: 'live-trade.replayTitle', defaultMessage: 'Replay desk' },
  replayDescription: { id: 'live-trade.replayDescription', defaultMessage: 'A past day on the desk, minute by minute: tap a price to trade it in the replay’s own book.' },
  description: { id: 'live-trade.description', defaultMessage: 'The option chain live: tap a price to trade, follow your positions and square off.' },
  emptyTitle: { id: 'live-trade.emptyTitle', defaultMessage: 'Set up a broker account to trade' },
  pick: { id: 'live-trade.pick', defaultMessage: 'Tap a price in the option chain to open the order ticket.' },
  loading: { id: 'live-trade.loading', defaultMessage: 'Loading your broker accounts…' },
  failed: { id: 'live-trade.failed', defaultMessage: 'Your broker accounts could not be loaded.' },
  finding: { id: 'live-trade.finding', defaultMessage: 'Finding the contract…' },
  priceAlert: { id: 'live-trade.priceAlert', defaultMessage: 'Set a price alert instead' },
});

const linkMessages = {
  unlisted: defineMessage<{ symbol: MessageValue }>({
    id: 'live-trade.unlisted',
    defaultMessage: '{symbol} is not listed today (it may have expired). Pick a contract in the chain.',
  }),
  unavailable: defineMessage<{ symbol: MessageValue }>({
    id: 'live-trade.unavailable',
    defaultMessage: '{symbol} could not be looked up right now. Pick it in the chain when the connection is back.',
  }),
};

const pending = defineMessage<{ step: MessageValue }>({
  id: 'live-trade.pendingDescription',
  defaultMessage: 'Trading needs a paper broker account you are logged in to. The next step is: {step}.',
});

/**
 * /app/dashboards/live-trade: the option chain with the order ticket beside it (over it on a phone), and the
 * chosen portfolio's positions below, marked live, with square off, stop-loss, target and square off all.
 */
export function LiveTradeScreen() {
  const intl = useIntl();
  const desk = useTradingDesk();
  const { next } = useSetupProgress();
  const online = useOnlineStatus();
  const wide = useWideScreen('(min-width: 1440px)');
  const phone = !useWideScreen('(min-width: 768px)');
  const choice = useChainChoice();
  // An option from the chain, or a future from the futures months above it.
  const [chosen, setChosen] = useState<OptionInstrument | FutureInstrument | null>(null);
  // A link's contract opens the ticket until the trader picks another or closes it.
  const linked = useLinkedInstrument();
  const [linkClosed, setLinkClosed] = useState(false);
  const linkedTrade = linked.state === 'found' && !linkClosed ? linked.trade : null;
  const picked = chosen ?? linkedTrade?.instrument ?? null;
  // Stable: the chain's rows are memoised, and a new function each render would re-render every one of them.
  const setPicked = useCallback((instrument: OptionInstrument | FutureInstrument | null) => {
    setChosen(instrument);
    setLinkClosed(true);
  }, []);
  const [placedStamp, setPlacedStamp] = useState(0);
  const quote = useQuote(picked?.instrument ?? null);
  const closed = useMarketClosed();
  const mis = useMisWindow();
  // A price alert on a contract, from the chain's bell (or, where the chain has no room for it, the ticket).
  const [alertOn, setAlertOn] = useState<OptionInstrument | null>(null);
  const alertQuote = useQuote(alertOn?.instrument ?? null);
  const alertInstead = () => {
    if (picked === null || picked.instrument_type === 'FUT') return;
    setAlertOn(picked);
    setPicked(null);
  };
  const freezeQuantity = useFreezeQuantity(picked);
  const account = desk.account;
  // What its broker takes (the AMO's choice and times, the depth): the server's word in the brokers list.
  const capabilities = useBrokerCapabilities(account);
  const brokers = useAtomValue(brokersAtom, { store });
  const inReplay = account !== null && tradingModeOf(account) === 'replay';
  const heldReplay = useAtomValue(openReplayAtom, { store }) ?? null;
  const feedHeardAt = useAtomValue(liveFeed().lastPriceAtAtom, { store });
  const unstreamed = useUnstreamed();
  const tradingDisabled = !online || account === null || !desk.sessionOpen;
  const killSwitch = useArmedKillSwitch(account);
  const killNotice = account === null || killSwitch === null ? null : <KillSwitchNotice account={account} armed={killSwitch} />;

  const ticket =
    picked === null ? null : (
      <OrderTicket
        key={picked.instrument}
        instrument={picked}
        quote={quote}
        account={account}
        capabilities={capabilities}
        brokerName={account === null ? null : brokerName(account.broker, brokers, intl)}
        notStreamedBy={unstreamed?.instruments.includes(picked.instrument) === true ? unstreamed.broker : null}
        portfolioId={desk.portfolio?.id ?? null}
        sessionOpen={desk.sessionOpen}
        defaults={desk.defaults}
        initialSide={chosen === null && linkedTrade !== null ? linkedTrade.side : 'BUY'}
        initialLots={chosen === null ? linkedTrade?.lots : null}
        freezeQuantity={freezeQuantity}
        afterMarket={closed}
        mis={mis}
        feedHeardAt={inReplay ? null : feedHeardAt}
        // Over the chain (a phone) the ticket hides the desk's notice: it says it again.
        notice={wide || account === null || killSwitch === null ? null : <KillSwitchNotice account={account} armed={killSwitch} compact />}
        killSwitchOn={killSwitch !== null}
        onPlaced={() => setPlacedStamp((value) => value + 1)}
        // Over the chain the ticket is a sheet: the sheet's title and close button are the ticket's.
        framing={wide ? 'card' : 'sheet'}
        onClose={wide ? () => setPicked(null) : undefined}
        footnote={
          wide || picked.instrument_type === 'FUT' ? null : (
            <button type="button" onClick={alertInstead} className="inline-flex min-h-11 items-center gap-2 self-start text-sm font-medium text-brand underline-offset-2 hover:underline">
              <BellAlertIcon aria-hidden="true" className="size-5" />
              {intl.formatMessage(messages.priceAlert)}
            </button>
          )
        }
      />
    );

  const step = next ? stepText[next] : null;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={intl.formatMessage(inReplay ? messages.replayTitle : messages.title)}
        description={intl.formatMessage(inReplay ? messages.replayDescription : messages.description)}
        actions={<ReplayEntry />}
      />
      {desk.state !== 'ready' ? (
        // Offline (or while loading) the accounts may be unknown, but the chain's strikes kept for the day still show.
        <LoadStatus
          loadingText={intl.formatMessage(messages.loading)}
          failedText={intl.formatMessage(messages.failed)}
          failed={desk.state === 'failed'}
          onRetry={desk.reload}
        />
      ) : account === null ? (
        <EmptyState
          icon={BoltIcon}
          title={intl.formatMessage(messages.emptyTitle)}
          description={step ? intl.formatMessage(pending, { step: intl.formatMessage(step.title) }) : intl.formatMessage(setupMessages.loading)}
          action={
            step ? (
              <Link to={step.link.to} className="inline-flex min-h-11 items-center rounded-md bg-brand px-4 font-medium text-brand-fg hover:opacity-90">
                {intl.formatMessage(step.link.label)}
              </Link>
            ) : undefined
          }
        />
      ) : phone ? null : (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:max-w-3xl">
          <DeskAccountFields desk={desk} />
          <DeskLogInLink desk={desk} />
        </div>
      )}
      {/* A phone folds the account and the chain's pickers into one line: the strikes at the money show first. */}
      {phone && (
        <div className="flex flex-col gap-2">
          <DeskFold desk={desk} choice={choice} />
          <DeskLogInLink desk={desk} />
        </div>
      )}
      {killNotice}
      {linked.state === 'finding' && <p role="status" className="text-sm text-fg-muted">{intl.formatMessage(messages.finding)}</p>}
      {(linked.state === 'unlisted' || linked.state === 'unavailable') && !linkClosed && (
        <p role="alert" className="rounded-lg border border-warn/40 bg-warn/10 px-3 py-2 text-sm text-fg">
          {intl.formatMessage(linkMessages[linked.state], { symbol: linked.symbol })}
        </p>
      )}
      <div className="grid grid-cols-1 gap-6 min-[1440px]:grid-cols-[minmax(0,1fr)_24rem] min-[1440px]:items-start">
        {/* Cut off, a contract's price is the last one kept (with its age): not a price to trade at. */}
        <div className="flex min-w-0 flex-col gap-2">
          <ChainView choice={choice} pickers={phone ? null : <ChainPickers choice={choice} />} onPick={!online || account === null ? undefined : setPicked}
            onPickFuture={!online || account === null ? undefined : setPicked}
            onAlert={setAlertOn}
          />
          {choice.expiry !== null && <IvChartLink index={choice.index} expiry={choice.expiry} />}
        </div>
        {wide && account !== null && (
          <aside className="sticky top-4">
            {ticket ?? <p className="rounded-lg border border-dashed border-line p-4 text-sm text-fg-muted">{intl.formatMessage(messages.pick)}</p>}
          </aside>
        )}
      </div>
      {!wide && ticket !== null && picked !== null && (
        <Modal onClose={() => setPicked(null)} title={<TicketHeading tradingsymbol={picked.tradingsymbol} />} sheet>
          {ticket}
        </Modal>
      )}
      {alertOn !== null && (
        <Suspense fallback={null}>
          <PriceAlertDialog contract={alertOn} lastPrice={alertQuote?.last_price ?? null} onClose={() => setAlertOn(null)} />
        </Suspense>
      )}
      {/* The replay's bot (issue 39): beside the trader's own book, on its own account, marked as the bot's. */}
      {inReplay && heldReplay !== null && <ReplayBotPanel key={heldReplay.replay.id} held={heldReplay} />}
      {/* Not before the account's portfolios are known: the account's book read meanwhile would show, then give
          way to the chosen portfolio's (a flash of other figures, then "Loading"). */}
      {account !== null && desk.state === 'ready' && (
        <DeskPositions desk={desk} account={account} portfolioId={desk.portfolio?.id ?? null} tradingDisabled={tradingDisabled} refreshKey={placedStamp} />
      )}
    </div>
  );
}
