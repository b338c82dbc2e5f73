import type { ComponentType, SVGProps } from 'react';
import type { MessageDescriptor } from 'react-intl';
import ArrowTrendingUpIcon from '@heroicons/react/24/outline/ArrowTrendingUpIcon';
import BeakerIcon from '@heroicons/react/24/outline/BeakerIcon';
import BellAlertIcon from '@heroicons/react/24/outline/BellAlertIcon';
import BoltIcon from '@heroicons/react/24/outline/BoltIcon';
import BriefcaseIcon from '@heroicons/react/24/outline/BriefcaseIcon';
import BuildingLibraryIcon from '@heroicons/react/24/outline/BuildingLibraryIcon';
import CircleStackIcon from '@heroicons/react/24/outline/CircleStackIcon';
import ChartPieIcon from '@heroicons/react/24/outline/ChartPieIcon';
import ClipboardDocumentListIcon from '@heroicons/react/24/outline/ClipboardDocumentListIcon';
import DocumentTextIcon from '@heroicons/react/24/outline/DocumentTextIcon';
import FireIcon from '@heroicons/react/24/outline/FireIcon';
import FunnelIcon from '@heroicons/react/24/outline/FunnelIcon';
import GlobeAltIcon from '@heroicons/react/24/outline/GlobeAltIcon';
import LightBulbIcon from '@heroicons/react/24/outline/LightBulbIcon';
import PresentationChartLineIcon from '@heroicons/react/24/outline/PresentationChartLineIcon';
import PuzzlePieceIcon from '@heroicons/react/24/outline/PuzzlePieceIcon';
import ScaleIcon from '@heroicons/react/24/outline/ScaleIcon';
import Squares2X2Icon from '@heroicons/react/24/outline/Squares2X2Icon';
import UsersIcon from '@heroicons/react/24/outline/UsersIcon';
import ChartBarSquareIcon from '@heroicons/react/24/outline/ChartBarSquareIcon';
import StopCircleIcon from '@heroicons/react/24/outline/StopCircleIcon';
import WrenchScrewdriverIcon from '@heroicons/react/24/outline/WrenchScrewdriverIcon';
import { screenNames } from '@/app/router/screen-names';
import { UnreadAlertsBadge } from '@/features/alerts/components/unread-alerts-badge';

const labels = screenNames;

export type NavItem = {
  to: string;
  label: MessageDescriptor;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** A mark beside the entry (the alerts' unread count), renders nothing when there is nothing to say. */
  Badge?: ComponentType<{ variant: 'count' | 'dot'; className?: string }>;
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
  { to: '/app/strategy_alerts', label: labels.alerts, Icon: BellAlertIcon, Badge: UnreadAlertsBadge },
  { to: '/app/kill-switch', label: labels.killSwitch, Icon: StopCircleIcon },
  { to: '/app/recommendations', label: labels.recommendations, Icon: LightBulbIcon },
  { to: '/app/market_view', label: labels.marketView, Icon: GlobeAltIcon },
  { to: '/app/heat_map', label: labels.heatMap, Icon: FireIcon },
  { to: '/app/screener_ticker', label: labels.screener, Icon: FunnelIcon },
  { to: '/app/trading_view_chart', label: labels.charts, Icon: PresentationChartLineIcon },
  { to: '/app/participants', label: labels.participants, Icon: UsersIcon },
  { to: '/app/open_interest', label: labels.openInterest, Icon: ChartBarSquareIcon },
  { to: '/app/volatility', label: labels.volatility, Icon: ArrowTrendingUpIcon },
  { to: '/app/backtests', label: labels.backtests, Icon: BeakerIcon },
  { to: '/app/market_history', label: labels.marketHistory, Icon: CircleStackIcon },
  { to: '/app/market_facts', label: labels.marketFacts, Icon: ScaleIcon },
];

