import { Navigate, type RouteObject } from 'react-router-dom';
import { RouteErrorScreen } from '@/app/errors/route-error-screen';
import { MinimalLayout } from '@/app/layouts/minimal-layout';
import { AUTH_BASE, APP_BASE, DEFAULT_HOME } from '@/app/router/paths';
import { RouteGuard } from '@/app/router/route-guard';
import { screens } from '@/app/router/screens';

/** Route metadata read by the app layout: blank-layout routes hide the menu and header (spec §2). */
export type RouteHandle = { blankLayout?: boolean };
const blank: RouteHandle = { blankLayout: true };

const S = screens;

/** The protected screens under /app (spec §2), in the spec's order. */
const appChildren: RouteObject[] = [
  { index: true, element: <Navigate to="/" replace /> },
  { path: 'dashboards/default', element: <S.dashboard /> },
  { path: 'login-1', element: <S.login />, handle: blank },
  { path: 'register', element: <S.register />, handle: blank },
  { path: 'error-page-1', element: <S.errorPage />, handle: blank },
  { path: 'pages/setting/*', element: <S.settings /> },
  { path: 'position', element: <S.positions /> },
  { path: 'strategy_alerts', element: <S.strategyAlerts /> },
  { path: 'broker/:broker/*', element: <S.brokerLoginReturn /> },
  { path: 'broker', element: <S.brokerList /> },
  { path: 'portfolio', element: <S.portfolio /> },
  { path: 'position_book', element: <S.positionBook /> },
  { path: 'order_book', element: <S.orderBook /> },
  { path: 'trading_view_chart', element: <S.tradingViewChart /> },
  { path: 'tv_chart', element: <S.tvChart /> },
  { path: 'screener_ticker', element: <S.screener /> },
  { path: 'strategies', element: <S.strategies /> },
  { path: 'recommendations', element: <S.recommendations /> },
  { path: 'market_view', element: <S.marketView /> },
  { path: 'heat_map', element: <S.heatMap /> },
  { path: 'dashboards/live-trade', element: <S.liveTrade /> },
  { path: 'strategy-builder', element: <S.strategyBuilder /> },
  { path: '*', element: <Navigate to="/" replace /> },
];

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorScreen />,
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
          { path: 'login', element: <S.login /> },
          { path: 'register', element: <S.register /> },
          { path: 'error-page-1', element: <S.errorPage /> },
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
