/**
 * Whether an account trades play money or real money: the one place that says so, for every feature (the
 * ticket, the books, the builder's basket, bot cards, broker rows, the kill switch). Only the simulated
 * paper broker is paper; any other broker slug (`kite`, and whichever comes next) is live, so a broker the
 * app does not know yet is treated as the dangerous case, never the safe-looking one.
 */

/** The simulated broker the reference server ships; it has no developer console to issue keys. */
export const PAPER_BROKER = 'paper';

/** A replay's own book (issue 39: lib/replay/replay-account.ts): a past day's, reaching no broker and no paper book. */
export const REPLAY_BROKER = 'replay';

export type TradingMode = 'paper' | 'live' | 'replay';

export function tradingModeOf(account: { broker: string }): TradingMode {
  return account.broker === PAPER_BROKER ? 'paper' : account.broker === REPLAY_BROKER ? 'replay' : 'live';
}
