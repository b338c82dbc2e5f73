/**
 * Every screen of the product, each its own lazily loaded chunk (the chunk name is what the trader sees in
 * 'Loading chunk N failed'), except sign-in: a first visit always lands there, so it is part of the entry.
 * One file instead of a dozen small ones: on a slow phone network every extra request beyond the browser's
 * six connections costs a round trip before the form can paint.
 */
import type { ComponentType } from 'react';
import { lazyScreen } from '@/app/router/lazy-screen';
import { publicScreens } from '@/app/router/public-screens';

/**
 * The chart screens start their library (lightweight-charts, about 50 KB) and the read of their bars beside
 * the screen's own files: left to the chart panel, both were asked for only once the shell and the screen had
 * arrived and rendered, a round trip and more later on a slow network (issue 24: the chart's first open). The
 * panel's own import of the library then finds it loaded, and it takes the bars' read (chart-bars.ts).
 */
const withChartLibrary = (load: () => Promise<ComponentType>) => () => {
  // In the order they are needed: the bars' read, the screen, then the library (needed only to draw).
  const search = window.location.search;
  import('@/features/analytics/api/chart-bars').then((bars) => bars.startEarlyBarsRead(search)).catch(() => undefined);
  const screen = load();
  import('@/features/analytics/charts/candle-chart').catch(() => undefined);
  return screen;
};

export const screens = {
  ...publicScreens,
  errorPage: lazyScreen('error-page', () =>
    import('@/features/errors/routes/error-page-screen').then((m) => m.ErrorPageScreen),
  ),
  // The full stylesheet and react-intl's other formatters come with the shell: index.css has only what the
  // public pages use, and the app's intl formats messages only (i18n/message-intl.ts).
  appShell: lazyScreen('app-shell', () =>
    Promise.all([import('@/app/layouts/app-layout'), import('@/all-screens.css')]).then(([m]) => m.SignedInShell),
  ),
  // These two combine brokers and portfolios, so they live in the app layer (ARCHITECTURE.md).
  dashboard: lazyScreen('dashboard', () => import('@/app/routes/dashboard-screen').then((m) => m.DashboardScreen)),
  liveTrade: lazyScreen('live-trade', () => import('@/app/routes/live-trade-screen').then((m) => m.LiveTradeScreen)),
  settings: lazyScreen('settings', () => import('@/features/settings/routes/settings-screen').then((m) => m.SettingsScreen)),
  positions: lazyScreen('positions', () => import('@/app/routes/positions-screen').then((m) => m.PositionsScreen)),
  // The books choose among the trader's broker accounts (brokers) and trade (orders): app layer too.
  positionBook: lazyScreen('position-book', () => import('@/app/routes/position-book-screen').then((m) => m.PositionBookScreen)),
  orderBook: lazyScreen('order-book', () => import('@/app/routes/order-book-screen').then((m) => m.OrderBookScreen)),
  // The alerts and the market's live index prices (a price alert's level is checked against them): app layer.
  strategyAlerts: lazyScreen('strategy-alerts', () => import('@/app/routes/strategy-alerts-screen').then((m) => m.StrategyAlertsScreen)),
  brokerList: lazyScreen('broker-list', () =>
    import('@/features/brokers/routes/broker-list-screen').then((m) => m.BrokerListScreen),
  ),
  brokerLoginReturn: lazyScreen('broker-login', () =>
    import('@/features/brokers/routes/broker-login-return-screen').then((m) => m.BrokerLoginReturnScreen),
  ),
  portfolio: lazyScreen('portfolio', () =>
    import('@/features/portfolios/routes/portfolio-screen').then((m) => m.PortfolioScreen),
  ),
  approvals: lazyScreen('approvals', () => import('@/features/portfolios/routes/approvals-screen').then((m) => m.ApprovalsScreen)),
  tradingViewChart: lazyScreen(
    'trading-view-chart',
    withChartLibrary(() => import('@/features/analytics/routes/trading-view-chart-screen').then((m) => m.TradingViewChartScreen)),
  ),
  tvChart: lazyScreen(
    'tv-chart',
    withChartLibrary(() => import('@/features/analytics/routes/tv-chart-screen').then((m) => m.TvChartScreen)),
  ),
  screener: lazyScreen('screener', () =>
    import('@/features/analytics/routes/screener-screen').then((m) => m.ScreenerScreen),
  ),
  strategies: lazyScreen('strategies', () =>
    import('@/features/analytics/routes/strategies-screen').then((m) => m.StrategiesScreen),
  ),
  strategyBuilder: lazyScreen('strategy-builder', () =>
    import('@/app/routes/strategy-builder-screen').then((m) => m.StrategyBuilderScreen),
  ),
  recommendations: lazyScreen('recommendations', () =>
    import('@/app/routes/recommendations-screen').then((m) => m.RecommendationsScreen),
  ),
  // Issue 40's chart screens as the price charts (see withChartLibrary): their first read (lib/api/early-read.ts,
  // sent once boot has restored the session, with its token), then the screen, then the chart module
  // (lightweight-charts with it), all asked for at once, not one after another.
  participants: lazyScreen('participants', () => {
    const search = window.location.search;
    import('@/features/analytics/api/participant-reads').then((reads) => reads.startEarlyParticipantRead(search)).catch(() => undefined);
    const screen = import('@/features/analytics/routes/participants-screen').then((m) => m.ParticipantsScreen);
    import('@/features/analytics/charts/participant-chart').catch(() => undefined);
    return screen;
  }),
  openInterest: lazyScreen('open-interest', () => {
    const search = window.location.search;
    import('@/features/open-interest/api/oi-reads').then((reads) => reads.startEarlyOiRead(search)).catch(() => undefined);
    const screen = import('@/features/open-interest/routes/open-interest-screen').then((m) => m.OpenInterestScreen);
    import('@/features/open-interest/charts/oi-line-chart').catch(() => undefined);
    return screen;
  }),
  volatility: lazyScreen('volatility', () => {
    const search = window.location.search;
    import('@/features/analytics/volatility/iv-reads').then((reads) => reads.startEarlyIvReads(search)).catch(() => undefined);
    const screen = import('@/app/analytics/volatility-alert-screen').then((m) => m.VolatilityScreenWithAlerts);
    import('@/features/analytics/volatility/iv-chart').catch(() => undefined);
    return screen;
  }),
  premium: lazyScreen('premium', () => {
    const search = window.location.search;
    import('@/features/analytics/premium/api/get-strategy-premium').then((reads) => reads.startEarlyPremiumRead(search)).catch(() => undefined);
    const screen = import('@/app/analytics/premium-alert-screen').then((m) => m.PremiumScreenWithAlerts);
    import('@/features/analytics/premium/charts/premium-chart').catch(() => undefined);
    return screen;
  }),
  marketView: lazyScreen('market-view', () =>
    import('@/features/analytics/routes/market-view-screen').then((m) => m.MarketViewScreen),
  ),
  killSwitch: lazyScreen('kill-switch', () =>
    import('@/features/kill-switch/routes/kill-switch-screen').then((m) => m.KillSwitchScreen),
  ),
  marketFacts: lazyScreen('market-facts', () => import('@/features/market-facts/routes/market-facts-screen').then((m) => m.MarketFactsScreen)),
  marketHistory: lazyScreen('market-history', () =>
    import('@/features/market-history/routes/market-history-screen').then((m) => m.MarketHistoryScreen),
  ),
  // With the Bots screen's form for a bot configured on the spot (portfolios): app layer.
  backtests: lazyScreen('backtests', () => import('@/app/routes/backtests-screen').then((m) => m.BacktestsScreen)),
  backtestReport: lazyScreen('backtest-report', () =>
    import('@/features/backtests/routes/backtest-report-screen').then((m) => m.BacktestReportScreen),
  ),
  heatMap: lazyScreen('heat-map', () => import('@/app/routes/heat-map-screen').then((m) => m.HeatMapScreen)),
};
