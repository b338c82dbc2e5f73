import PresentationChartBarIcon from '@heroicons/react/24/outline/PresentationChartBarIcon';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import { getStrategyPremium, premiumIntervals as intervals, premiumQueryOf, premiumReadName, type PremiumInterval, type PremiumQuery, type StrategyPremium } from '@/features/analytics/premium/api/get-strategy-premium';
import { OverlayControls } from '@/features/analytics/premium/components/overlay-controls';
import { PremiumChartBox } from '@/features/analytics/premium/components/premium-chart-box';
import { PremiumLegs } from '@/features/analytics/premium/components/premium-legs';
import { PremiumRange } from '@/features/analytics/premium/components/premium-range';
import { premiumChartData } from '@/features/analytics/premium/model/premium-chart-data';
import { defaultOverlays } from '@/features/analytics/premium/model/premium-view';
import { underlyingStraddle, type PickedUnderlying } from '@/features/analytics/premium/model/underlying-straddle';
import { isIvIndex } from '@/features/analytics/volatility/iv-reads';
import { premiumMessages as m } from '@/features/analytics/premium/premium-messages';
import { DataSource } from '@/components/ui/data-source';
import { EmptyState } from '@/components/ui/empty-state';
import { ReadAgainButton } from '@/components/trading/market-history-empty-state';
import { LoadStatus } from '@/components/ui/load-status';
import { PageHeader } from '@/components/ui/page-header';
import { PanelBoundary } from '@/components/ui/panel-boundary';
import { StaleNote } from '@/components/ui/stale-note';
import { parsePremiumLegs, premiumLegsText, type PremiumLinkLeg } from '@/lib/charts/premium-link';
import { isApiError } from '@/lib/api/api-error';
import { takeEarlyRead } from '@/lib/api/early-read';
import { useFormat } from '@/lib/format/use-format';
import { useDemoMarketOpen } from '@/lib/market/demo-market';
import { useLastKnownRead } from '@/lib/persist/use-last-known-read';
import { istDay } from '@/lib/trading/live-order-confirmations';

function PremiumAnswer({ answer, legs }: { answer: StrategyPremium; legs: readonly PremiumLinkLeg[] }) {
  const intl = useIntl();
  const { formatDate, formatInr } = useFormat();
  const [overlays, setOverlays] = useState(defaultOverlays);
  const data = useMemo(
    () =>
      premiumChartData(answer, overlays, {
        overlay: (id) => intl.formatMessage(m[id === 'supertrend' ? 'superTrend' : id]),
        fill: (fill) => intl.formatMessage(m.fillMark, { side: fill.side, type: legs[fill.leg]?.type ?? '', price: formatInr(fill.price) }),
      }),
    [answer, overlays, intl, legs, formatInr],
  );
  const legsText = legs.map((leg) => `${leg.strike} ${leg.type}`).join(' + ');
  return (
    <section className="flex flex-col gap-4" aria-label={intl.formatMessage(m.title)}>
      <div className="flex flex-col gap-1 text-sm text-fg-muted">
        <p className="font-medium text-fg">{intl.formatMessage(answer.basis === 'credit' ? m.credit : m.debit)}</p>
        {answer.as_of !== null && <DataSource sources={answer.sources} asOf={answer.as_of} testId="premium-source" />}
        <p>{intl.formatMessage(m.range, { from: formatDate(answer.from), to: formatDate(answer.to), count: answer.time.length })}</p>
        {answer.gap_minutes > 0 && <p data-testid="premium-gaps">{intl.formatMessage(m.gaps, { count: answer.gap_minutes })}</p>}
        {answer.fills.length > 0 && <p data-testid="premium-fills">{intl.formatMessage(m.fills, { count: answer.fills.length })}</p>}
      </div>
      <OverlayControls value={overlays} onChange={setOverlays} dayCandles={answer.interval === '1d'} />
      {answer.time.length === 0 ? (
        <EmptyState icon={PresentationChartBarIcon} title={intl.formatMessage(m.emptyTitle)} description={intl.formatMessage(m.empty)} />
      ) : (
        <PremiumChartBox data={data} label={intl.formatMessage(m.chartLabel, { legs: legsText, from: formatDate(answer.from), to: formatDate(answer.to) })} />
      )}
    </section>
  );
}

/** The server's "no recorded or imported price of leg N from … to …" (404 `premium.no_prices`), read from its coded text. */
export type NoPrices = { position: number | null; from: string | null; to: string | null; recordingOthers: boolean };

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** The refusal's NoPrices when `error` is that 404, else null (any other failure is the notifier's and LoadStatus's). */
export function noPricesOf(error: unknown): NoPrices | null {
  if (!isApiError(error) || error.kind !== 'not_found' || error.text?.code !== 'premium.no_prices') return null;
  const { position, from, to, recording_others: recordingOthers } = error.text.params;
  return {
    position: typeof position === 'number' && Number.isInteger(position) && position > 0 ? position : null,
    from: typeof from === 'string' && isoDay.test(from) ? from : null,
    to: typeof to === 'string' && isoDay.test(to) ? to : null,
    recordingOthers: recordingOthers === 'yes',
  };
}

/** While a range that reaches today has no prices yet, it is read again each minute: the recorder's first minute. */
const noPricesRetryMs = 60_000;

/**
 * No price of a leg in the asked range, said in the chart's place (not a notification over the form): which leg
 * and which days, and what starts the chart: today's first whole recorded minute (read again each minute), or a
 * day imported in Market history.
 */
export function NoPricesState({ noPrices, legs, today, onRetry }: { noPrices: NoPrices; legs: readonly PremiumLinkLeg[]; today: string; onRetry: () => void }) {
  const intl = useIntl();
  const { formatDate } = useFormat();
  const leg = noPrices.position === null ? undefined : legs[noPrices.position - 1];
  // Today's other contracts recorded but not this leg: a strike the recorder does not watch, no minute will come.
  const unwatched = noPrices.recordingOthers;
  const reachesToday = !unwatched && (noPrices.to === null || noPrices.to >= today);
  // The demo market is open at any hour (the header says so): today's chart waits for its first whole minute.
  const demo = useDemoMarketOpen() && reachesToday;
  const which =
    leg === undefined || noPrices.from === null || noPrices.to === null
      ? intl.formatMessage(m.noPricesAnyLeg)
      : intl.formatMessage(m.noPrices, {
          contract: `${leg.index} ${intl.formatNumber(leg.strike)} ${leg.type} ${formatDate(leg.expiry)}`,
          position: noPrices.position,
          from: formatDate(noPrices.from),
          to: formatDate(noPrices.to),
          oneDay: noPrices.from === noPrices.to ? 'yes' : 'no',
        });
  return (
    <div data-testid="premium-no-prices">
      <EmptyState
        icon={PresentationChartBarIcon}
        title={intl.formatMessage(unwatched ? m.noPricesUnwatchedTitle : demo ? m.noPricesDemoTitle : reachesToday ? m.noPricesTitle : m.noPricesPastTitle)}
        description={`${which} ${intl.formatMessage(unwatched ? m.noPricesUnwatched : demo ? m.noPricesTodayDemo : reachesToday ? m.noPricesToday : m.noPricesPast)}`}
        action={
          reachesToday ? <ReadAgainButton text={intl.formatMessage(m.noPricesRetry)} onClick={onRetry} /> : undefined
        }
      />
    </div>
  );
}

/** One question's answer, with its last-known copy offline (keyed by the question: a new one starts afresh). */
function PremiumRead({ query, legs, onDay }: { query: PremiumQuery; legs: readonly PremiumLinkLeg[]; onDay: (day: string) => void }) {
  const intl = useIntl();
  // The refusal with the IST day it came on (whether its range reaches today: the recorder may still fill it).
  const [refusal, setRefusal] = useState<{ noPrices: NoPrices; today: string } | null>(null);
  const name = premiumReadName(query);
  const read = useCallback(
    () =>
      // The first read may have started beside the screen's files (screens.ts).
      takeEarlyRead(name, () => getStrategyPremium(query)).then(
        (answer) => {
          setRefusal(null);
          return answer;
        },
        (error: unknown) => {
          const noPrices = noPricesOf(error);
          setRefusal(noPrices === null ? null : { noPrices, today: istDay(Date.now()) });
          throw error;
        },
      ),
    [name, query],
  );
  const { value: answer, asOf, failed, reload } = useLastKnownRead(name, read);
  // Asked without a day, the server charts the last one every leg has (or names the day it has none of): the day
  // field shows which.
  const answeredDay = answer?.to ?? refusal?.noPrices.to ?? undefined;
  useEffect(() => {
    if (answeredDay !== undefined) onDay(answeredDay);
  }, [answeredDay, onDay]);
  const waitingForToday = refusal !== null && (refusal.noPrices.to === null || refusal.noPrices.to >= refusal.today);
  useEffect(() => {
    if (!waitingForToday) return;
    const timer = setTimeout(reload, noPricesRetryMs);
    return () => clearTimeout(timer);
  }, [waitingForToday, reload, refusal]);
  return (
    <PanelBoundary>
      {answer === null && refusal !== null ? (
        <NoPricesState noPrices={refusal.noPrices} legs={legs} today={refusal.today} onRetry={reload} />
      ) : (
        <>
          {asOf !== null && <StaleNote asOf={asOf} />}
          {answer === null ? (
            <LoadStatus loadingText={intl.formatMessage(m.loading)} failedText={intl.formatMessage(m.failed)} failed={failed} onRetry={reload} />
          ) : (
            <PremiumAnswer answer={answer} legs={legs} />
          )}
        </>
      )}
    </PanelBoundary>
  );
}

/**
 * /app/premium?legs=…: a strategy's combined premium as candles over a day or several, with VWAP, SMA, EMA and
 * SuperTrend, the trader's fills marked, where the numbers come from and their time. Opened from the chain (the
 * ATM straddle) and the builder (its legs); its link is its whole question (lib/charts/premium-link.ts).
 */
export function PremiumScreen({
  alertAction,
  underlyingPicker,
}: {
  /** The "Set an alert" of these legs (composed in src/app: alerts are their own feature). */
  alertAction?: (legs: string) => ReactNode;
  /** The underlying's search box (composed in src/app: the market feature's): picking one charts its ATM straddle. */
  underlyingPicker?: (value: string, onPick: (picked: PickedUnderlying) => void) => ReactNode;
}) {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const legsText = params.get('legs') ?? '';
  const legs = useMemo(() => parsePremiumLegs(legsText), [legsText]);
  const [picking, setPicking] = useState<{ symbol: string; state: 'reading' | 'none' | 'failed' } | null>(null);
  const pick = (picked: PickedUnderlying) => {
    setPicking({ symbol: picked.symbol, state: 'reading' });
    underlyingStraddle(picked).then(
      (query) => {
        if (query === null) return setPicking({ symbol: picked.symbol, state: 'none' });
        setPicking(null);
        setParams(query);
      },
      () => setPicking({ symbol: picked.symbol, state: 'failed' }),
    );
  };
  const symbol = legs?.[0]?.index;
  // Any symbol but the four indices is a stock: its minutes are recorded only while it is watched, else day candles.
  const stock = symbol !== undefined && !isIvIndex(symbol);
  const [answeredDay, setAnsweredDay] = useState<string | undefined>(undefined);
  const from = params.get('from') ?? undefined;
  const to = params.get('to') ?? undefined;
  const interval = premiumQueryOf(params).interval;
  const query = useMemo<PremiumQuery>(() => ({ legs: legsText, interval, ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) }), [legsText, interval, from, to]);
  const change = (next: { legs?: PremiumLinkLeg[]; from?: string; to?: string; interval?: PremiumInterval }) => {
    const merged = new URLSearchParams(params);
    if (next.legs !== undefined) merged.set('legs', premiumLegsText(next.legs));
    for (const key of ['from', 'to', 'interval'] as const) {
      const value = next[key];
      if (value !== undefined) merged.set(key, value);
    }
    setParams(merged);
  };
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={intl.formatMessage(m.title)} description={intl.formatMessage(m.description)} />
      {underlyingPicker !== undefined && (
        <div className="flex flex-col gap-1 sm:max-w-sm">
          {underlyingPicker(picking?.symbol ?? symbol ?? '', pick)}
          {picking !== null && (
            <p className="text-sm text-fg-muted" role="status" data-testid="premium-pick">
              {intl.formatMessage(picking.state === 'reading' ? m.picking : picking.state === 'none' ? m.pickNoPrices : m.pickFailed, { symbol: picking.symbol })}
            </p>
          )}
        </div>
      )}
      {stock && legs !== null && (
        <p className="text-sm text-fg-muted" data-testid="premium-stock-note">
          {intl.formatMessage(premiumQueryOf(params).interval === '1d' ? m.stockNote : m.stockMinutesNote, { symbol })}
        </p>
      )}
      {legs === null ? (
        <EmptyState
          icon={PresentationChartBarIcon}
          title={intl.formatMessage(m.noLegsTitle)}
          description={intl.formatMessage(m.noLegs)}
          action={
            <div className="flex flex-wrap gap-4">
              <Link to="/app/dashboards/live-trade" className="text-sm font-medium text-brand underline">
                {intl.formatMessage(m.openChain)}
              </Link>
              <Link to="/app/strategy-builder" className="text-sm font-medium text-brand underline">
                {intl.formatMessage(m.openBuilder)}
              </Link>
            </div>
          }
        />
      ) : (
        <>
          <PremiumLegs key={legsText} legs={legs} onStrikes={(edited) => change({ legs: edited })} />
          {/* A premium alert watches the recorder's minutes, which it keeps of a stock only while it is watched: none on a stock. */}
          {!stock && alertAction?.(legsText)}
          <PremiumRange from={from} to={to ?? (from === undefined ? answeredDay : undefined)} interval={interval} intervals={intervals} onChange={change} />
          <PremiumRead key={JSON.stringify(query)} query={query} legs={legs} onDay={setAnsweredDay} />
        </>
      )}
    </div>
  );
}
