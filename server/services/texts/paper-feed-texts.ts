// What a paper account on a live account's feed is told (issue 38): why its orders wait (or, for a contract
// the broker does not stream, never fill: issue 64), and why a market cannot be chosen. `feed` names the live account as every screen does: "Kite · AB1234".
import { said, type Said } from './said.ts';

export const paperFeedTexts = {
  loggedOut: (feed: string): Said =>
    said(
      'refusal.paper_feed_logged_out',
      { feed },
      `Paper orders are paused: ${feed}, whose prices this account trades on, is logged out. Log in to it again, or switch this account to the simulated market.`,
    ),
  delayed: (feed: string): Said =>
    said('refusal.paper_feed_delayed', { feed }, `Paper orders are paused: prices from ${feed} are delayed. They fill again when fresh prices come.`),
  marketClosed: (feed: string, openTime: string, openDay: string): Said =>
    said(
      'refusal.paper_feed_market_closed',
      { feed, open_time: openTime, open_day: openDay },
      `Market closed: ${feed}, whose prices this account trades on, sends none until the next open (${openTime} IST on ${openDay}). Paper orders are taken again then.`,
    ),
  noTick: (feed: string, tradingsymbol: string): Said =>
    said(
      'refusal.paper_feed_no_tick',
      { feed, tradingsymbol },
      `No live price for ${tradingsymbol} from ${feed} yet: paper orders fill only on a fresh price. Try again in a moment.`,
    ),
  unstreamed: (feed: string, tradingsymbol: string): Said =>
    said(
      'refusal.paper_feed_unstreamed',
      { feed, tradingsymbol },
      `${feed} does not stream prices for ${tradingsymbol}, so this paper account cannot price or fill it. Choose a contract it streams, or switch this account to the simulated market.`,
    ),
  notPaper: said('broker_account.market_not_paper', {}, "market_account_id: only a paper account takes its prices from another account's feed"),
  notLive: said('broker_account.market_not_live', {}, 'market_account_id: pick one of your live accounts (Kite, Upstox), or none for the simulated market'),
  workingOrders: (count: number): Said =>
    said(
      'broker_account.market_working_orders',
      { count },
      `This account has ${count} working orders: cancel them before changing its market, or they would fill on the other market's prices.`,
    ),
};
