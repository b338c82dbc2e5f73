import type { ReactNode } from 'react';
import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import { Link } from 'react-router-dom';
import { BotsTile } from '@/app/dashboard/bots-tile';
import { dayPnl, loadDashboard, openPositionCount, type DashboardData } from '@/app/dashboard/load-dashboard';
import { GettingStartedSteps } from '@/app/getting-started/getting-started-steps';
import { setupSummary } from '@/app/getting-started/setup-summary';
import { useSetupProgress } from '@/app/getting-started/use-setup-progress';
import { ChargesStatusNote, useChargesTotal } from '@/app/trading/charges-status';
import { usePolled } from '@/app/trading/use-polled';
import { sayServerText } from '@/i18n/say-server-text';
import { ChangeText } from '@/components/ui/change-text';
import { LoadStatus } from '@/components/ui/load-status';
import { PageHeader } from '@/components/ui/page-header';
import { PanelBoundary } from '@/components/ui/panel-boundary';
import { StaleNote } from '@/components/ui/stale-note';
import { getCommentary } from '@/features/analytics/api/analytics-reads';
import { AnalyticsPanel } from '@/features/analytics/components/analytics-status';
import { isSample, SampleBadge } from '@/features/analytics/components/sample-badge';
import { SentimentBadge } from '@/features/analytics/components/sentiment-badge';
import { useAnalyticsRead } from '@/features/analytics/hooks/use-analytics-read';
import { SessionStatus } from '@/features/brokers/components/session-status';
import { isSessionOpen } from '@/lib/session/session-open';
import { QuoteAge } from '@/features/market/components/quote-age';
import { useQuote } from '@/features/market/hooks/use-quote';
import { indexInstruments } from '@/features/market/market-messages';
import { NotLiveTotal } from '@/features/positions/components/price-not-live';
import { isPriced } from '@/features/positions/model/position-marks';
import { marginsText } from '@/features/positions/position-messages';
import { useFormat } from '@/lib/format/use-format';

const messages = defineMessages({
  title: { id: 'dashboard.title', defaultMessage: 'Dashboard' },
  description: { id: 'dashboard.description', defaultMessage: 'Your accounts, positions and bots today, and the market.' },
  accounts: { id: 'dashboard.accounts', defaultMessage: 'P&L today' },
  indices: { id: 'dashboard.indices', defaultMessage: 'Indices' },
  positions: { id: 'dashboard.positions', defaultMessage: 'Open positions' },
  bots: { id: 'dashboard.bots', defaultMessage: 'Bots' },
  commentary: { id: 'dashboard.commentary', defaultMessage: 'Latest commentary' },
  loading: { id: 'dashboard.loading', defaultMessage: 'Loading your accounts…' },
  failed: { id: 'dashboard.failed', defaultMessage: 'Your accounts could not be loaded.' },
  noAccounts: { id: 'dashboard.noAccounts', defaultMessage: 'No broker account linked yet.' },
  logIn: { id: 'dashboard.logIn', defaultMessage: 'Log in' },
  bookUnavailable: { id: 'dashboard.bookUnavailable', defaultMessage: 'Positions could not be read' },
  bookUnknown: { id: 'dashboard.bookUnknown', defaultMessage: 'Unknown until you log in to the broker' },
  netLabel: { id: 'dashboard.net', defaultMessage: 'net' },
  noPrice: { id: 'dashboard.noPrice', defaultMessage: 'No price' },
  seeAll: { id: 'dashboard.seeAll', defaultMessage: 'Market view' },
});

const grossAndCharges = defineMessage<{ gross: MessageValue; charges: MessageValue }>({
  id: 'dashboard.grossAndCharges',
  defaultMessage: 'Gross {gross} · charges {charges}',
});
const positionsText = defineMessage<{ count: number; accounts: number }>({
  id: 'dashboard.positionsText',
  defaultMessage: '{count, plural, =0 {No open position} one {# open position} other {# open positions across {accounts, plural, one {# account} other {# accounts}}}}',
});
const mtmText = defineMessage<{ mtm: MessageValue }>({ id: 'dashboard.mtm', defaultMessage: 'Unrealised (MTM, gross): {mtm}' });

const refreshMs = 5000;
const two = { minimumFractionDigits: 2, maximumFractionDigits: 2 };

function Tile({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  const id = `tile-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={id} className={`flex min-w-0 flex-col gap-3 rounded-lg border border-line bg-surface p-4 ${wide ? 'lg:col-span-2' : ''}`}>
      <h2 id={id} className="text-sm font-semibold text-fg">{title}</h2>
      <PanelBoundary>{children}</PanelBoundary>
    </section>
  );
}

function AccountsTile({ data }: { data: DashboardData }) {
  const intl = useIntl();
  const { formatSignedInr, formatInr } = useFormat();
  const chargesTotal = useChargesTotal();
  if (data.accounts.length === 0) return <p className="text-sm text-fg-muted">{intl.formatMessage(messages.noAccounts)}</p>;
  return (
    <ul className="flex flex-col divide-y divide-line">
      {data.accounts.map(({ account, book }) => {
        const known = book === null || book.status === 'UNKNOWN' ? null : book;
        const pnl = known === null ? null : dayPnl(known);
        return (
          <li key={account.id} className="flex flex-wrap items-start justify-between gap-2 py-2 first:pt-0 last:pb-0">
            <div className="min-w-0">
              <p className="font-medium text-fg">{account.name} <span className="text-xs text-fg-muted">{account.account_number}</span></p>
              <p className="text-xs"><SessionStatus account={account} /></p>
              {!isSessionOpen(account) && (
                <Link to="/app/broker" className="text-xs font-medium text-brand underline">{intl.formatMessage(messages.logIn)}</Link>
              )}
            </div>
            <div className="text-end">
              {known === null || pnl === null ? (
                <p className="text-sm text-fg-muted">{intl.formatMessage(book === null ? messages.bookUnavailable : messages.bookUnknown)}</p>
              ) : (
                <>
                  <p className={`text-lg font-semibold tabular-nums ${pnl.net > 0 ? 'text-profit' : pnl.net < 0 ? 'text-loss' : 'text-fg'}`}>
                    {formatSignedInr(pnl.net, two)} <span className="text-xs font-normal text-fg-muted">{intl.formatMessage(messages.netLabel)}</span>
                  </p>
                  <p className="text-xs text-fg-muted">{intl.formatMessage(grossAndCharges, { gross: formatSignedInr(pnl.gross, two), charges: chargesTotal(pnl.charges, known.day) })}</p>
                  {/* Today's charges are the day positions' (dayPnl): where some are not priced or partly priced, net is not exact, and says so as Positions does. */}
                  <ChargesStatusNote positions={known.day} />
                  {/* The broker's figures as the server computes them (the position book's), never summed here. */}
                  <p className="text-xs text-fg-muted" data-field="margins">
                    {intl.formatMessage(marginsText, { available: formatInr(known.margins.available, two), used: formatInr(known.margins.used, two) })}
                  </p>
                  <NotLiveTotal count={pnl.notLive} />
                </>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function IndexTile({ index, instrument }: { index: string; instrument: string }) {
  const intl = useIntl();
  const { formatNumber } = useFormat();
  const quote = useQuote(instrument);
  return (
    <li className="flex min-w-0 flex-col rounded-md border border-line px-3 py-2">
      <span className="text-xs font-semibold text-fg-muted">{index}</span>
      {quote === null ? (
        <span className="text-sm text-fg-muted">{intl.formatMessage(messages.noPrice)}</span>
      ) : (
        <>
          <span className="text-base font-semibold tabular-nums text-fg">{formatNumber(quote.last_price, two)}</span>
          {quote.change !== undefined && quote.change_percent !== undefined && <ChangeText change={quote.change} percent={quote.change_percent} wrap />}
          <QuoteAge timestamp={quote.timestamp} />
        </>
      )}
    </li>
  );
}

function PositionsTile({ data }: { data: DashboardData }) {
  const intl = useIntl();
  const { formatSignedInr } = useFormat();
  // No account yet is no failure: the tile says what the P&L tile says, not that positions could not be read (issue 62).
  if (data.accounts.length === 0) return <p className="text-sm text-fg-muted">{intl.formatMessage(messages.noAccounts)}</p>;
  const books = data.accounts.flatMap(({ book }) => (book === null || book.status === 'UNKNOWN' ? [] : [book]));
  if (books.length === 0) return <p className="text-sm text-fg-muted">{intl.formatMessage(messages.bookUnavailable)}</p>;
  const { positions: open, accounts } = openPositionCount(books);
  const mtm = open.reduce((sum, position) => sum + Math.round(position.unrealised * 100), 0) / 100;
  return (
    <div className="flex flex-col gap-1 text-sm">
      <p className="text-fg" data-field="open-positions">{intl.formatMessage(positionsText, { count: open.length, accounts })}</p>
      {open.length > 0 && <p className="tabular-nums text-fg-muted">{intl.formatMessage(mtmText, { mtm: formatSignedInr(mtm, two) })}</p>}
      <NotLiveTotal count={open.filter((position) => !isPriced(position)).length} className="self-start" />
      <Link to="/app/position_book" className="self-start text-xs font-medium text-brand underline">{intl.formatMessage(messages.positions)}</Link>
    </div>
  );
}

function CommentaryTile() {
  const intl = useIntl();
  const { formatTime } = useFormat();
  const read = useAnalyticsRead(() => getCommentary(1, 3), 'dashboard-commentary', 30_000);
  return (
    <AnalyticsPanel read={read}>
      {(rows) => (
        <ul className="flex flex-col gap-2">
          {rows.map((item) => (
            <li key={item.id} className="text-sm">
              <div className="flex flex-wrap items-center gap-2 text-xs text-fg-muted">
                <SentimentBadge value={item.sentiment} />
                <time dateTime={item.created_at}>{formatTime(item.created_at)}</time>
                {isSample(item) && <SampleBadge />}
              </div>
              <p className="font-medium text-fg">{sayServerText(intl, item.title_i18n, item.title)}</p>
            </li>
          ))}
          <li><Link to="/app/market_view" className="text-xs font-medium text-brand underline">{intl.formatMessage(messages.seeAll)}</Link></li>
        </ul>
      )}
    </AnalyticsPanel>
  );
}

/**
 * /app/dashboards/default: what a trader checks first. P&L today per broker account (net after charges), the
 * broker sessions, the indices live, open positions, bots and the latest commentary; each tile fails on its
 * own. A trader still setting up is led step by step above it. Offline it shows the last-known figures.
 */
export function DashboardScreen() {
  const intl = useIntl();
  const { facts, next } = useSetupProgress();
  const { data, asOf, failed, reload } = usePolled(loadDashboard, 'figures', refreshMs, 'dashboard');
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={intl.formatMessage(messages.title)} description={intl.formatMessage(messages.description)} />
      {facts && next !== undefined && (
        <>
          <p role="status" className="rounded-lg border border-line bg-surface px-4 py-3 text-sm text-fg">{intl.formatMessage(setupSummary(next))}</p>
          {next !== null && <GettingStartedSteps facts={facts} next={next} />}
        </>
      )}
      {asOf !== null && <StaleNote asOf={asOf} />}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Tile title={intl.formatMessage(messages.accounts)}>
          {data === null ? (
            <LoadStatus loadingText={intl.formatMessage(messages.loading)} failedText={intl.formatMessage(messages.failed)} failed={failed} onRetry={reload} />
          ) : (
            <AccountsTile data={data} />
          )}
        </Tile>
        <Tile title={intl.formatMessage(messages.indices)}>
          <ul className="grid grid-cols-1 gap-2 min-[420px]:grid-cols-2 sm:grid-cols-3">
            {indexInstruments.map((item) => (
              <IndexTile key={item.index} index={item.index} instrument={item.instrument} />
            ))}
          </ul>
        </Tile>
        <Tile title={intl.formatMessage(messages.positions)}>{data !== null && <PositionsTile data={data} />}</Tile>
        <Tile title={intl.formatMessage(messages.bots)}>{data !== null && <BotsTile bots={data.bots} />}</Tile>
        <Tile title={intl.formatMessage(messages.commentary)} wide>
          <CommentaryTile />
        </Tile>
      </div>
    </div>
  );
}
