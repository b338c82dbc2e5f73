import { Navigate, type RouteObject } from 'react-router-dom';
import { LazyRouteErrorScreen } from '@/app/errors/lazy-route-error-screen';
import { MinimalLayout } from '@/app/layouts/minimal-layout';
import { AUTH_BASE, APP_BASE, DEFAULT_HOME } from '@/app/router/paths';
import type { RouteHandle } from '@/app/router/route-handle';
import { RootLayout } from '@/app/router/root-layout';
import { RouteGuard } from '@/app/router/route-guard';
import { screenNames as names } from '@/app/router/screen-names';
import { screens } from '@/app/router/screens';

/** A screen's route metadata: its name, and (blank) whether it hides the menu and header (spec §2). */
const titled = (title: RouteHandle['title']): RouteHandle => ({ title });
const blank = (title: RouteHandle['title']): RouteHandle => ({ title, blankLayout: true });

const S = screens;

/** The protected screens under /app (spec §2), in the spec's order. */
const appChildren: RouteObject[] = [
  { index: true, element: <Navigate to="/" replace /> },
  { path: 'dashboards/default', element: <S.dashboard />, handle: titled(names.dashboard) },
  { path: 'login-1', element: <S.login />, handle: blank(names.signIn) },
  { path: 'register', element: <S.register />, handle: blank(names.register) },
  { path: 'error-page-1', element: <S.errorPage />, handle: blank(names.errorPage) },
  { path: 'pages/setting/*', element: <S.settings />, handle: titled(names.settings) },
  { path: 'position', element: <S.positions />, handle: titled(names.positions) },
  { path: 'strategy_alerts', element: <S.strategyAlerts />, handle: titled(names.alerts) },
  { path: 'broker/:broker/*', element: <S.brokerLoginReturn />, handle: titled(names.brokerLogin) },
  { path: 'broker', element: <S.brokerList />, handle: titled(names.brokers) },
  { path: 'portfolio', element: <S.portfolio />, handle: titled(names.portfolio) },
  { path: 'approvals', element: <S.approvals />, handle: titled(names.approvals) },
  { path: 'position_book', element: <S.positionBook />, handle: titled(names.positionBook) },
  { path: 'order_book', element: <S.orderBook />, handle: titled(names.orderBook) },
  { path: 'trading_view_chart', element: <S.tradingViewChart />, handle: titled(names.charts) },
  { path: 'tv_chart', element: <S.tvChart />, handle: titled(names.charts) },
  { path: 'participants', element: <S.participants />, handle: titled(names.participants) },
  { path: 'open_interest', element: <S.openInterest />, handle: titled(names.openInterest) },
  { path: 'volatility', element: <S.volatility />, handle: titled(names.volatility) },
  { path: 'premium', element: <S.premium />, handle: titled(names.premium) },
  { path: 'screener_ticker', element: <S.screener />, handle: titled(names.screener) },
  { path: 'strategies', element: <S.strategies />, handle: titled(names.strategies) },
  { path: 'recommendations', element: <S.recommendations />, handle: titled(names.recommendations) },
  { path: 'market_view', element: <S.marketView />, handle: titled(names.marketView) },
  { path: 'heat_map', element: <S.heatMap />, handle: titled(names.heatMap) },
  { path: 'dashboards/live-trade', element: <S.liveTrade />, handle: titled(names.liveTrade) },
  { path: 'kill-switch', element: <S.killSwitch />, handle: titled(names.killSwitch) },
  { path: 'strategy-builder', element: <S.strategyBuilder />, handle: titled(names.strategyBuilder) },
  { path: 'market_history', element: <S.marketHistory />, handle: titled(names.marketHistory) },
  { path: 'market_facts', element: <S.marketFacts />, handle: titled(names.marketFacts) },
  { path: 'backtests', element: <S.backtests />, handle: titled(names.backtests) },
  { path: 'backtests/:id', element: <S.backtestReport />, handle: titled(names.backtests) },
  { path: '*', element: <Navigate to="/" replace /> },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <LazyRouteErrorScreen />,
    children: [
      { path: '/', element: <Navigate to={DEFAULT_HOME} replace /> },
      {
        path: AUTH_BASE,
        element: (
          <RouteGuard access="public">
            <MinimalLayout />
          </RouteGuard>
        ),
        children: [
          { index: true, element: <Navigate to="/" replace /> },
          { path: 'login', element: <S.login />, handle: titled(names.signIn) },
          { path: 'register', element: <S.register />, handle: titled(names.register) },
          { path: 'error-page-1', element: <S.errorPage />, handle: titled(names.errorPage) },
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
      {
        path: APP_BASE,
        element: (
          <RouteGuard access="protected">
            <S.appShell />
          </RouteGuard>
        ),
        children: appChildren,
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
