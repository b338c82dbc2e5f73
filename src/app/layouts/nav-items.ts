import type { ComponentType, SVGProps } from 'react';
import { defineMessages, type MessageDescriptor } from 'react-intl';
import BellAlertIcon from '@heroicons/react/24/outline/BellAlertIcon';
import BoltIcon from '@heroicons/react/24/outline/BoltIcon';
import BriefcaseIcon from '@heroicons/react/24/outline/BriefcaseIcon';
import BuildingLibraryIcon from '@heroicons/react/24/outline/BuildingLibraryIcon';
import ChartPieIcon from '@heroicons/react/24/outline/ChartPieIcon';
import ClipboardDocumentListIcon from '@heroicons/react/24/outline/ClipboardDocumentListIcon';
import DocumentTextIcon from '@heroicons/react/24/outline/DocumentTextIcon';
import FireIcon from '@heroicons/react/24/outline/FireIcon';
import FunnelIcon from '@heroicons/react/24/outline/FunnelIcon';
import GlobeAltIcon from '@heroicons/react/24/outline/GlobeAltIcon';
import LightBulbIcon from '@heroicons/react/24/outline/LightBulbIcon';
import PresentationChartLineIcon from '@heroicons/react/24/outline/PresentationChartLineIcon';
import PuzzlePieceIcon from '@heroicons/react/24/outline/PuzzlePieceIcon';
import Squares2X2Icon from '@heroicons/react/24/outline/Squares2X2Icon';
import WrenchScrewdriverIcon from '@heroicons/react/24/outline/WrenchScrewdriverIcon';

const labels = defineMessages({
  dashboard: { id: 'app.nav.dashboard', defaultMessage: 'Dashboard' },
  liveTrade: { id: 'app.nav.liveTrade', defaultMessage: 'Live trade' },
  brokers: { id: 'app.nav.brokers', defaultMessage: 'Broker accounts' },
  portfolio: { id: 'app.nav.portfolio', defaultMessage: 'Portfolios' },
  positions: { id: 'app.nav.positions', defaultMessage: 'Positions' },
  positionBook: { id: 'app.nav.positionBook', defaultMessage: 'Position book' },
  orderBook: { id: 'app.nav.orderBook', defaultMessage: 'Order book' },
  strategies: { id: 'app.nav.strategies', defaultMessage: 'Strategies' },
  strategyBuilder: { id: 'app.nav.strategyBuilder', defaultMessage: 'Strategy builder' },
  alerts: { id: 'app.nav.alerts', defaultMessage: 'Alerts' },
  recommendations: { id: 'app.nav.recommendations', defaultMessage: 'Recommendations' },
  marketView: { id: 'app.nav.marketView', defaultMessage: 'Market view' },
  heatMap: { id: 'app.nav.heatMap', defaultMessage: 'Heat map' },
  screener: { id: 'app.nav.screener', defaultMessage: 'Screener' },
  charts: { id: 'app.nav.charts', defaultMessage: 'Charts' },
});

export type NavItem = {
  to: string;
  label: MessageDescriptor;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
};

/** The menu of the product (spec §1); the admin-template entries of the spec are not part of it. */
export const navItems: NavItem[] = [
  { to: '/app/dashboards/default', label: labels.dashboard, Icon: Squares2X2Icon },
  { to: '/app/dashboards/live-trade', label: labels.liveTrade, Icon: BoltIcon },
  { to: '/app/broker', label: labels.brokers, Icon: BuildingLibraryIcon },
  { to: '/app/portfolio', label: labels.portfolio, Icon: BriefcaseIcon },
  { to: '/app/position', label: labels.positions, Icon: ChartPieIcon },
  { to: '/app/position_book', label: labels.positionBook, Icon: ClipboardDocumentListIcon },
  { to: '/app/order_book', label: labels.orderBook, Icon: DocumentTextIcon },
  { to: '/app/strategies', label: labels.strategies, Icon: PuzzlePieceIcon },
  { to: '/app/strategy-builder', label: labels.strategyBuilder, Icon: WrenchScrewdriverIcon },
  { to: '/app/strategy_alerts', label: labels.alerts, Icon: BellAlertIcon },
  { to: '/app/recommendations', label: labels.recommendations, Icon: LightBulbIcon },
  { to: '/app/market_view', label: labels.marketView, Icon: GlobeAltIcon },
  { to: '/app/heat_map', label: labels.heatMap, Icon: FireIcon },
  { to: '/app/screener_ticker', label: labels.screener, Icon: FunnelIcon },
  { to: '/app/trading_view_chart', label: labels.charts, Icon: PresentationChartLineIcon },
];

