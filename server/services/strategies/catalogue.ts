// The base strategies bots can run, in the order the PWA lists them. The slug is the stable key (bots
// keep the row id; translations and tests use the slug); names, descriptions and parameter schemas may
// change here and are written to the database at every start.
import {
  conditionFields,
  enabledWhenKeyword,
  expiryChoice,
  legStopLoss,
  moveStopLossToCost,
  paramSchema,
  productChoice,
  type ParamFields,
  riskUnit,
  reEntry,
  steps,
  strikeOffset,
  trailingStopLoss,
  wingWidth,
  type ParamSchema,
} from './param-fields.ts';

export type CatalogueEntry = { slug: string; name: string; description: string; parameters: ParamSchema };

const distance = (leg: 'call' | 'put', defaultSteps: number) => ({
  [`${leg}_distance`]: steps(
    `${leg === 'call' ? 'Call' : 'Put'} distance (steps)`,
    `How far out of the money the sold ${leg} is, in strike steps from at-the-money.`,
    { minimum: 1, maximum: 30, default: defaultSteps },
  ),
});

const spreadFields = (leg: 'call' | 'put') => ({
  ...strikeOffset(`Strike of the bought ${leg}, in strike steps from at-the-money: positive above the spot, negative below.`),
  spread_width: steps('Spread width (steps)', `Distance from the bought ${leg} to the sold ${leg}, in strike steps.`, { minimum: 1, maximum: 20, default: 4 }),
});

/** The strategies whose legs include a future (bots/engine/bot-intents.ts places them). */
export const strategiesWithFuture: readonly string[] = ['covered_call', 'protective_put'];

/** The future a strategy with a future leg buys (issue 63): the near month, or the next one (a roll's month). */
const futureMonth: ParamFields = {
  future_month: {
    title: 'Future month',
    description: 'near: the future of the nearest month. next: the one after it.',
    type: 'string',
    enum: ['near', 'next'],
    default: 'near',
  },
};

/** What every bot sets beside its strategy's own parameters: product, the unit of its stop-loss and target, its conditions. */
const botSettings = [productChoice, riskUnit, conditionFields(true)];

const supertrendOnly = { [enabledWhenKeyword]: { indicator: ['supertrend'] } };
const emaOnly = { [enabledWhenKeyword]: { indicator: ['ema_crossover'] } };

export const baseStrategyCatalogue: readonly CatalogueEntry[] = [
  {
    slug: 'short_straddle',
    name: 'Short straddle',
    description: 'Sell the at-the-money call and put. Profits when the index stays near the strike; loses on a big move either way.',
    parameters: paramSchema(expiryChoice, strikeOffset(), legStopLoss, moveStopLossToCost, reEntry, trailingStopLoss, ...botSettings),
  },
  {
    slug: 'short_strangle',
    name: 'Short strangle',
    description: 'Sell an out-of-the-money call and put. A wider profit range than the straddle, for less premium.',
    parameters: paramSchema(expiryChoice, distance('call', 4), distance('put', 4), legStopLoss, moveStopLossToCost, reEntry, trailingStopLoss, ...botSettings),
  },
  {
    slug: 'iron_condor',
    name: 'Iron condor',
    description: 'A short strangle with bought wings further out: the loss is capped and the margin much lower.',
    parameters: paramSchema(expiryChoice, distance('call', 4), distance('put', 4), wingWidth(4), legStopLoss, reEntry, trailingStopLoss, ...botSettings),
  },
  {
    slug: 'iron_butterfly',
    name: 'Iron butterfly',
    description: 'A short straddle with bought wings: more premium than the condor, a narrower profit range, capped loss.',
    parameters: paramSchema(expiryChoice, strikeOffset(), wingWidth(6), legStopLoss, reEntry, trailingStopLoss, ...botSettings),
  },
  {
    slug: 'bull_call_spread',
    name: 'Bull call spread',
    description: 'Buy a call and sell a higher one. A bullish view with capped loss and capped profit.',
    parameters: paramSchema(expiryChoice, spreadFields('call'), trailingStopLoss, ...botSettings),
  },
  {
    slug: 'bear_put_spread',
    name: 'Bear put spread',
    description: 'Buy a put and sell a lower one. A bearish view with capped loss and capped profit.',
    parameters: paramSchema(expiryChoice, spreadFields('put'), trailingStopLoss, ...botSettings),
  },
  {
    slug: 'long_straddle',
    name: 'Long straddle',
    description: 'Buy the at-the-money call and put. Profits from a big move either way; time decay works against it.',
    parameters: paramSchema(expiryChoice, strikeOffset(), trailingStopLoss, ...botSettings),
  },
  {
    slug: 'covered_call',
    name: 'Covered call',
    description: 'Buy the future and sell an out-of-the-money call of the same lots: the call’s premium for the upside above its strike.',
    parameters: paramSchema(expiryChoice, distance('call', 2), futureMonth, ...botSettings),
  },
  {
    slug: 'protective_put',
    name: 'Protective put',
    description: 'Buy the future and an out-of-the-money put of the same lots: the future’s gains, its loss below the put’s strike capped.',
    parameters: paramSchema(
      expiryChoice,
      { put_distance: steps('Put distance (steps)', 'How far out of the money the bought put is, in strike steps from at-the-money.', { minimum: 1, maximum: 30, default: 2 }) },
      futureMonth,
      ...botSettings,
    ),
  },
  {
    slug: 'trend_option_buyer',
    name: 'Trend-following option buyer',
    description: 'Buys a call when the trend turns up and a put when it turns down, exiting on the opposite signal or the stop-loss.',
    parameters: paramSchema(
      expiryChoice,
      {
        indicator: {
          title: 'Trend indicator',
          description: 'supertrend: follow the Supertrend flip. ema_crossover: follow the fast EMA crossing the slow one.',
          type: 'string',
          enum: ['supertrend', 'ema_crossover'],
          default: 'supertrend',
        },
        timeframe_minutes: {
          title: 'Candle timeframe (minutes)',
          description: 'The candles the indicator is computed on.',
          type: 'integer',
          enum: [1, 3, 5, 15],
          default: 5,
        },
        supertrend_period: {
          ...steps('Supertrend period', 'Candles in the Supertrend ATR (supertrend only).', { minimum: 5, maximum: 50, default: 10 }),
          ...supertrendOnly,
        },
        supertrend_multiplier: {
          title: 'Supertrend multiplier',
          description: 'ATR multiple of the Supertrend bands (supertrend only).',
          type: 'number',
          minimum: 1,
          maximum: 5,
          multipleOf: 0.5,
          default: 3,
          ...supertrendOnly,
        },
        fast_ema: { ...steps('Fast EMA', 'Candles in the fast average (ema_crossover only).', { minimum: 3, maximum: 50, default: 9 }), ...emaOnly },
        slow_ema: { ...steps('Slow EMA', 'Candles in the slow average (ema_crossover only).', { minimum: 5, maximum: 200, default: 21 }), ...emaOnly },
        max_trades_per_day: steps('Trades per day', 'The most entries in one day.', { minimum: 1, maximum: 10, default: 3 }),
        exit_on_reverse_signal: {
          title: 'Exit on the opposite signal',
          description: 'Close the position as soon as the trend turns the other way.',
          type: 'boolean',
          default: true,
        },
      },
      strikeOffset('Strike of the bought option, in strike steps from at-the-money: positive is out of the money, negative in the money.'),
      trailingStopLoss,
      // Its entries are its signals': an exit condition, not an entry one.
      productChoice,
      riskUnit,
      conditionFields(false),
    ),
  },
];
