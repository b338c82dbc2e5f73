// The refusals of a bot's configuration (its base strategy and params, its lots, its schedule, its portfolio,
// and whether it may trade real money), said twice like every trader's text (said.ts): the Error answer's
// English ("lots: NIFTY allows at most 27 lots per order ..."), and a code in `details.text` the app says in
// the trader's language.
import { said, type Said } from './said.ts';

/** The schedule's fields a refusal names. */
export type BotTimeField = 'entry_time' | 'entry_from' | 'entry_until' | 'exit_time';

const grouped = (value: number) => new Intl.NumberFormat('en-IN').format(value);
/** An ISO day as the app writes it in English (08 Nov 2026): the app formats a day parameter so. */
const dayWords = (day: string) => new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(Date.parse(`${day}T00:00:00Z`));

export const botRuleTexts = {
  unknownBaseStrategy: (strategy: number): Said =>
    said('bot.unknown_base_strategy', { strategy }, `base_strategy: there is no base strategy ${strategy}`),
  /** `reason`: the params' own refusal (a validation text naming the parameter and its rule). */
  invalidParams: (reason: Said, strategy: string): Said =>
    said('bot.invalid_params', { reason: reason.i18n, strategy }, `${reason.text} (${strategy})`),
  lotsAboveFreeze: (facts: { underlying: string; freezeLots: number; freezeQuantity: number; lotSize: number }, lots: number): Said =>
    said(
      'bot.lots_above_freeze',
      { underlying: facts.underlying, limit: facts.freezeLots, freeze: facts.freezeQuantity, lot_size: facts.lotSize, lots },
      `lots: ${facts.underlying} allows at most ${grouped(facts.freezeLots)} lots per order (freeze quantity ${grouped(facts.freezeQuantity)} units, lot size ${grouped(facts.lotSize)}); got ${grouped(lots)}`,
    ),
  outsideMarketHours: (field: BotTimeField, time: string, hours: { open: string; close: string }): Said =>
    said(
      'bot.outside_market_hours',
      { field, time, open: hours.open, close: hours.close },
      `${field}: ${time} is outside market hours (${hours.open}–${hours.close} IST) and inside no special session of the exchange calendar`,
    ),
  /** The bot's first time falls in a special session (`first` names it) and `field`'s time outside that session. */
  outsideSpecialSession: (field: BotTimeField, time: string, session: { day: string; open: string; close: string }, first: BotTimeField): Said =>
    said(
      'bot.outside_special_session',
      { field, time, first, day: session.day, open: session.open, close: session.close },
      `${field}: ${time} is outside the special session of ${dayWords(session.day)} (${session.open}–${session.close} IST) that ${first} falls in; a bot's times lie in one session`,
    ),
  entryWindowBackwards: (entryFrom: string): Said =>
    said('bot.entry_window_backwards', { entry_from: entryFrom }, `entry_until: must be after the start of the entry window (${entryFrom})`),
  exitInsideEntryWindow: (entryUntil: string): Said =>
    said('bot.exit_inside_entry_window', { entry_until: entryUntil }, `exit_time: must not be before the end of the entry window (${entryUntil})`),
  exitBeforeEntry: (entryTime: string): Said => said('bot.exit_before_entry', { entry_time: entryTime }, `exit_time: must be after the entry time (${entryTime})`),
  portfolioOfPath: (path: number, got: number): Said =>
    said('bot.portfolio_of_path', { path, got }, `portfolio_id: must be the portfolio of the path (${path}), got ${got}`),
  staysInPortfolio: (current: number, asked: number): Said =>
    said(
      'bot.stays_in_portfolio',
      { current, asked },
      `portfolio_id: a bot stays in its portfolio (${current}); create a new bot in portfolio ${asked} instead`,
    ),
  otherBot: (kind: 'trading_bot' | 'daily_bot', id: number, got: number): Said =>
    said('bot.other_bot', { kind, id, got }, `id: this is ${kind === 'daily_bot' ? 'daily bot' : 'trading bot'} ${id}, got ${got}`),
  pauseChoiceRequired: said(
    'bot.pause_choice_required',
    {},
    'pause_action: this bot holds a position. Choose keep_managing (it still exits by its stop-loss, target and exit time) or exit_now (closed on the next tick).',
  ),
  /** The engine's entry: the live broker's level of the index could not be read. */
  noIndexLevel: (underlying: string): Said =>
    said('bot.no_index_level', { underlying }, `The broker's level of ${underlying} could not be read: the entry was not placed.`),
  stockFromAlertExchange: (underlying: string, exchange: string): Said =>
    said(
      'bot.stock_from_alert_exchange',
      { underlying, exchange },
      `underlying: a bot trading the stock named in the alert keeps an NSE index's session (stocks trade on NFO); ${underlying} trades on ${exchange}`,
    ),
  stockFromAlertIndex: (underlying: string): Said =>
    said(
      'bot.stock_from_alert_index',
      { underlying },
      `underlying: a bot trading the stock named in the alert keeps an index's session; ${underlying} is a stock (a bot trading it by its own rules leaves "stock from the alert" off)`,
    ),
  noLegsAround: (strategy: string): Said => said('bot.no_legs_around', { strategy }, `The strategy ${strategy} has no legs around the money to enter`),
  liveOnPaper: (account: string): Said =>
    said('bot.live_on_paper', { account }, `mode: account ${account} trades on paper; a bot runs live only on a live broker's account`),
  liveRequired: (account: string): Said =>
    said(
      'bot.live_required',
      { account },
      `mode: account ${account} trades real money; a bot on it must be set to live, with the account number typed to confirm`,
    ),
  liveLoginFirst: (account: string): Said =>
    said('bot.live_login_first', { account }, `Log in to the broker for account ${account} before a bot trades on it live.`),
  liveMaxLossRequired: (account: string): Said =>
    said(
      'bot.live_max_loss_required',
      { account },
      `A bot trades account ${account} live only under a maximum loss for the day: set it in the account's risk limits first.`,
    ),
  liveConfirmation: (account: string): Said =>
    said('bot.live_confirmation', { account }, `live_confirmation: type the account number ${account} to let this bot trade real money`),
};
