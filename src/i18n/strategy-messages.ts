import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';

/**
 * The base strategies' names and descriptions, by slug (server/services/strategies/catalogue.ts): the words
 * every screen uses for a strategy (portfolios and bots, recommendations, hosted strategies). A strategy the
 * app does not know yet shows the server's own text.
 */
export const strategyNames = defineMessages({
  short_straddle: { id: 'portfolios.strategy.short_straddle.name', defaultMessage: 'Short straddle' },
  short_strangle: { id: 'portfolios.strategy.short_strangle.name', defaultMessage: 'Short strangle' },
  iron_condor: { id: 'portfolios.strategy.iron_condor.name', defaultMessage: 'Iron condor' },
  iron_butterfly: { id: 'portfolios.strategy.iron_butterfly.name', defaultMessage: 'Iron butterfly' },
  bull_call_spread: { id: 'portfolios.strategy.bull_call_spread.name', defaultMessage: 'Bull call spread' },
  bear_put_spread: { id: 'portfolios.strategy.bear_put_spread.name', defaultMessage: 'Bear put spread' },
  long_straddle: { id: 'portfolios.strategy.long_straddle.name', defaultMessage: 'Long straddle' },
  long_strangle: { id: 'portfolios.strategy.long_strangle.name', defaultMessage: 'Long strangle' },
  bull_put_spread: { id: 'portfolios.strategy.bull_put_spread.name', defaultMessage: 'Bull put spread' },
  bear_call_spread: { id: 'portfolios.strategy.bear_call_spread.name', defaultMessage: 'Bear call spread' },
  trend_option_buyer: { id: 'portfolios.strategy.trend_option_buyer.name', defaultMessage: 'Trend-following option buyer' },
  covered_call: { id: 'portfolios.strategy.covered_call.name', defaultMessage: 'Covered call' },
  protective_put: { id: 'portfolios.strategy.protective_put.name', defaultMessage: 'Protective put' },
});

export const strategyDescriptions = defineMessages({
  short_straddle: {
    id: 'portfolios.strategy.short_straddle.description',
    defaultMessage:
      'Sell the at-the-money call and put. Profits when the index stays near the strike; loses on a big move either way.',
  },
  short_strangle: {
    id: 'portfolios.strategy.short_strangle.description',
    defaultMessage: 'Sell an out-of-the-money call and put. A wider profit range than the straddle, for less premium.',
  },
  iron_condor: {
    id: 'portfolios.strategy.iron_condor.description',
    defaultMessage: 'A short strangle with bought wings further out: the loss is capped and the margin much lower.',
  },
  iron_butterfly: {
    id: 'portfolios.strategy.iron_butterfly.description',
    defaultMessage:
      'A short straddle with bought wings: more premium than the condor, a narrower profit range, capped loss.',
  },
  bull_call_spread: {
    id: 'portfolios.strategy.bull_call_spread.description',
    defaultMessage: 'Buy a call and sell a higher one. A bullish view with capped loss and capped profit.',
  },
  bear_put_spread: {
    id: 'portfolios.strategy.bear_put_spread.description',
    defaultMessage: 'Buy a put and sell a lower one. A bearish view with capped loss and capped profit.',
  },
  long_straddle: {
    id: 'portfolios.strategy.long_straddle.description',
    defaultMessage:
      'Buy the at-the-money call and put. Profits from a big move either way; time decay works against it.',
  },
  long_strangle: {
    id: 'portfolios.strategy.long_strangle.description',
    defaultMessage: 'Buy an out-of-the-money call and put. Cheaper than the straddle; needs a bigger move either way.',
  },
  bull_put_spread: {
    id: 'portfolios.strategy.bull_put_spread.description',
    defaultMessage: 'Sell a put and buy a lower one. A credit for a view that the index holds up, with capped loss.',
  },
  bear_call_spread: {
    id: 'portfolios.strategy.bear_call_spread.description',
    defaultMessage: 'Sell a call and buy a higher one. A credit for a view that the index stays down, with capped loss.',
  },
  covered_call: {
    id: 'portfolios.strategy.covered_call.description',
    defaultMessage: 'Buy the future and sell an out-of-the-money call of the same lots: the call’s premium for the upside above its strike.',
  },
  protective_put: {
    id: 'portfolios.strategy.protective_put.description',
    defaultMessage: 'Buy the future and an out-of-the-money put of the same lots: the future’s gains, its loss below the put’s strike capped.',
  },
  trend_option_buyer: {
    id: 'portfolios.strategy.trend_option_buyer.description',
    defaultMessage:
      'Buys a call when the trend turns up and a put when it turns down, exiting on the opposite signal or the stop-loss.',
  },
});

type StrategyText = { slug: string; name: string; description: string };

/** Own keys only: a slug such as "constructor" must not find Object.prototype's. */
function lookup(table: Readonly<Record<string, MessageDescriptor>>, key: string): MessageDescriptor | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

export function strategyName(strategy: StrategyText, intl: IntlShape): string {
  const message = lookup(strategyNames, strategy.slug);
  return message ? intl.formatMessage(message) : strategy.name;
}

export function strategyDescription(strategy: StrategyText, intl: IntlShape): string {
  const message = lookup(strategyDescriptions, strategy.slug);
  return message ? intl.formatMessage(message) : strategy.description;
}
