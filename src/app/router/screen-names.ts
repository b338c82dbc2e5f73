import { defineMessage, defineMessages, type MessageValue } from 'react-intl';

/**
 * The name of every screen: the menu shows it, the document title and the route announcement say it. Kept
 * apart from the menu's icons (nav-items.ts) so the sign-in page's bundle carries the words only.
 */
export const screenNames = defineMessages({
  dashboard: { id: 'app.nav.dashboard', defaultMessage: 'Dashboard' },
  liveTrade: { id: 'app.nav.liveTrade', defaultMessage: 'Live trade' },
  brokers: { id: 'app.nav.brokers', defaultMessage: 'Broker accounts' },
  portfolio: { id: 'app.nav.portfolio', defaultMessage: 'Portfolios' },
  approvals: { id: 'app.nav.approvals', defaultMessage: 'Approvals' },
  positions: { id: 'app.nav.positions', defaultMessage: 'Positions' },
  positionBook: { id: 'app.nav.positionBook', defaultMessage: 'Position book' },
  orderBook: { id: 'app.nav.orderBook', defaultMessage: 'Order book' },
  strategies: { id: 'app.nav.strategies', defaultMessage: 'Strategies' },
  strategyBuilder: { id: 'app.nav.strategyBuilder', defaultMessage: 'Strategy builder' },
  alerts: { id: 'app.nav.alerts', defaultMessage: 'Alerts' },
  killSwitch: { id: 'app.nav.killSwitch', defaultMessage: 'Kill switch' },
  recommendations: { id: 'app.nav.recommendations', defaultMessage: 'Recommendations' },
  marketView: { id: 'app.nav.marketView', defaultMessage: 'Market view' },
  heatMap: { id: 'app.nav.heatMap', defaultMessage: 'Heat map' },
  screener: { id: 'app.nav.screener', defaultMessage: 'Screener' },
  charts: { id: 'app.nav.charts', defaultMessage: 'Charts' },
  participants: { id: 'app.nav.participants', defaultMessage: 'Participants' },
  openInterest: { id: 'app.nav.openInterest', defaultMessage: 'Open interest' },
  volatility: { id: 'app.nav.volatility', defaultMessage: 'Volatility' },
  premium: { id: 'app.title.premium', defaultMessage: 'Strategy premium' },
  marketHistory: { id: 'app.nav.marketHistory', defaultMessage: 'Market history' },
  marketFacts: { id: 'app.nav.marketFacts', defaultMessage: 'Market facts' },
  backtests: { id: 'app.nav.backtests', defaultMessage: 'Backtests' },
  signIn: { id: 'app.title.signIn', defaultMessage: 'Sign in' },
  register: { id: 'app.title.register', defaultMessage: 'Create an account' },
  errorPage: { id: 'app.title.errorPage', defaultMessage: 'Error' },
  settings: { id: 'app.title.settings', defaultMessage: 'Profile and settings' },
  brokerLogin: { id: 'app.title.brokerLogin', defaultMessage: 'Broker login' },
});

/** The browser tab and history entry: the screen first, so tabs stay telling when narrow. */
export const documentTitle = defineMessage<{ screen: MessageValue }>({
  id: 'app.title.document',
  defaultMessage: '{screen} · StrikeDesk',
});
