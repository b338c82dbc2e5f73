// Building blocks of the base strategies' parameter schemas (JSON Schema 2020-12). The PWA renders each
// property as a form field from its title, description, type, bounds, enum and default, so every field
// here carries all of them; the server fills omitted fields with their defaults when a bot is saved.
//
// `x-enabled-when` is an annotation (it validates nothing): the field only matters while each named
// sibling parameter holds one of the listed values, e.g. the trail step while the trailing stop-loss is on.
// The PWA disables the field otherwise. Any future strategy can use it without a change in the PWA.
export const enabledWhenKeyword = 'x-enabled-when';

export type EnabledWhen = Record<string, readonly (string | number | boolean)[]>;

export type ParamField = {
  title: string;
  description: string;
  type: 'integer' | 'number' | 'boolean' | 'string';
  default: number | boolean | string;
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
  enum?: readonly (string | number)[];
  pattern?: string;
  [enabledWhenKeyword]?: EnabledWhen;
};

export type ParamFields = Record<string, ParamField>;

export type ParamSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema';
  type: 'object';
  additionalProperties: false;
  properties: ParamFields;
};

export function paramSchema(...groups: ParamFields[]): ParamSchema {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    additionalProperties: false,
    properties: Object.assign({}, ...groups) as ParamFields,
  };
}

export function steps(title: string, description: string, range: { minimum: number; maximum: number; default: number }): ParamField {
  return { title, description, type: 'integer', ...range };
}

export const strikeOffset = (description = 'Strikes away from at-the-money, in strike steps: positive above the spot, negative below. 0 is at the money.'): ParamFields => ({
  strike_offset: steps('Strike offset (steps)', description, { minimum: -10, maximum: 10, default: 0 }),
});

export const legStopLoss: ParamFields = {
  leg_stop_loss_pct: {
    title: 'Stop-loss per leg (%)',
    description: "Buy back a sold leg, with its side's hedge, when its premium rises this much above the entry price; the other legs stay. 0 leaves only the bot's overall stop-loss.",
    type: 'number',
    minimum: 0,
    maximum: 500,
    default: 30,
  },
};

/** Which contracts the bot trades; an index without weekly contracts uses its monthly one for either weekly choice. */
export const expiryChoice: ParamFields = {
  expiry: {
    title: 'Expiry',
    description: 'current_weekly: the nearest expiry. next_weekly: the one after it. monthly: the month\'s last expiry. An index without weeklies trades its monthly contract.',
    type: 'string',
    enum: ['current_weekly', 'next_weekly', 'monthly'],
    default: 'current_weekly',
  },
};

export const reEntry: ParamFields = {
  re_entry: {
    title: 'Re-entry after a stop-loss',
    description: 'none: stay out. same_strike: sell the same strike again once its premium is back to the entry price. new_atm: enter again at the new at-the-money strike.',
    type: 'string',
    enum: ['none', 'same_strike', 'new_atm'],
    default: 'none',
  },
  max_re_entries: {
    ...steps('Re-entries per day', 'How many times a day the bot may enter again after a stop-loss.', { minimum: 0, maximum: 5, default: 1 }),
    [enabledWhenKeyword]: { re_entry: ['same_strike', 'new_atm'] },
  },
};

export const trailingStopLoss: ParamFields = {
  trailing_sl: {
    title: 'Trailing stop-loss',
    description: 'Lock in profit: once the profit reaches the trigger, the stop-loss follows it up.',
    type: 'boolean',
    default: false,
  },
  trail_trigger_pct: {
    title: 'Trail from profit (%)',
    description: 'Start trailing once the profit reaches this percentage of the premium at risk.',
    type: 'number',
    minimum: 1,
    maximum: 100,
    default: 20,
    [enabledWhenKeyword]: { trailing_sl: [true] },
  },
  trail_step_pct: {
    title: 'Trail step (%)',
    description: 'Each time the profit grows by this percentage, the stop-loss moves up by the same amount.',
    type: 'number',
    minimum: 1,
    maximum: 50,
    default: 10,
    [enabledWhenKeyword]: { trailing_sl: [true] },
  },
};

export const moveStopLossToCost: ParamFields = {
  move_sl_to_cost: {
    title: 'Move stop-loss to cost',
    description: "When one leg hits its stop-loss, move the other leg's stop-loss to its entry price.",
    type: 'boolean',
    default: true,
  },
};

export const wingWidth = (defaultSteps: number): ParamFields => ({
  wing_width: steps('Wing width (steps)', 'Distance from each sold strike to its bought hedge, in strike steps.', { minimum: 1, maximum: 30, default: defaultSteps }),
});

/**
 * The product a bot's orders carry. NRML is what every bot traded before the choice existed, so a bot saved
 * without it stays NRML. Either way the bot closes its position at its exit time the same day (rules.ts): NRML
 * is full margin with no square-off by the broker, not a position carried overnight. An MIS bot is flat a
 * minute before the broker's intraday cut-off of the day (the session's, market facts) if its exit time is later.
 */
export const productChoice: ParamFields = {
  product: {
    title: 'Product',
    description: "Either way the bot closes its position at its exit time, the same day. NRML: full margin, never squared off by the broker. MIS: intraday margin; the bot is flat a minute before the broker's MIS cut-off if that comes first.",
    type: 'string',
    enum: ['NRML', 'MIS'],
    default: 'NRML',
  },
};

/**
 * The unit of the bot's overall stop-loss and target. percent: stop_loss_pct and target_pct of the entry premium
 * (as before). points: rupees per unit of the combined premium (the straddle bought at 200 with a 30-point
 * stop exits when it is worth 170), read from stop_loss_points and target_points.
 */
export const riskUnit: ParamFields = {
  risk_unit: {
    title: 'Stop-loss and target in',
    description: 'percent: the stop-loss and target above, in % of the entry premium. points: the two fields below, in points of the combined premium.',
    type: 'string',
    enum: ['percent', 'points'],
    default: 'percent',
  },
  stop_loss_points: {
    title: 'Stop-loss (points)',
    description: 'Exit when the combined premium has moved this many points against the position (per unit, as the chain quotes it).',
    type: 'number',
    minimum: 0.05,
    maximum: 100000,
    multipleOf: 0.05,
    default: 30,
    [enabledWhenKeyword]: { risk_unit: ['points'] },
  },
  target_points: {
    title: 'Target (points)',
    description: 'Exit when the combined premium has moved this many points in favour of the position.',
    type: 'number',
    minimum: 0.05,
    maximum: 100000,
    multipleOf: 0.05,
    default: 60,
    [enabledWhenKeyword]: { risk_unit: ['points'] },
  },
};

/** The conditions a bot can act on (server/services/bots/engine/conditions.ts). */
export const conditionKinds = [
  'none',
  'premium_falls',
  'premium_rises',
  'premium_crosses_above_vwap',
  'premium_crosses_below_vwap',
  'iv_above',
  'iv_below',
  'iv_crosses_above',
  'iv_crosses_below',
] as const;

/**
 * Entry and exit conditions on the at-the-money straddle of the bot's expiry whose strike is fixed at
 * `condition_strikes_at` (the index's close of that minute), and on the ATM IV of the bot's expiry. With an entry
 * condition, a bot enters (from its entry time until its exit time) on the minute the condition is met, not at its
 * entry time. `x-enabled-when` is an AND over its keys, so the shared fields are not disabled through it; the form
 * says which condition each serves.
 */
export const conditionFields = (entry: boolean): ParamFields => ({
  ...(entry
    ? {
        entry_condition: {
          title: 'Enter when',
          description: 'none: at the entry time. Otherwise on the first completed minute, from the entry time on, the condition is met (once a day).',
          type: 'string',
          enum: conditionKinds,
          default: 'none',
        },
      }
    : {}),
  exit_condition: {
    title: 'Exit when',
    description: 'none: only the exit time, stop-loss and target. Otherwise the whole position is exited on the completed minute the condition is met.',
    type: 'string',
    enum: conditionKinds,
    default: 'none',
  },
  condition_strikes_at: {
    title: 'Straddle fixed at (IST)',
    description: 'The straddle the premium conditions watch: the at-the-money strike at this minute, and its premium then is the reference a fall or rise is measured from.',
    type: 'string',
    pattern: '^(0[89]|1[0-5]):[0-5][0-9]$',
    default: '09:20',
  },
  premium_move: {
    title: 'Premium move',
    description: 'How far the straddle\'s premium must fall or rise from its value at the fixing minute.',
    type: 'number',
    minimum: 0.05,
    maximum: 100000,
    multipleOf: 0.05,
    default: 20,
  },
  premium_move_unit: {
    title: 'Move in',
    description: 'percent of the premium at the fixing minute, or points.',
    type: 'string',
    enum: ['percent', 'points'],
    default: 'percent',
  },
  iv_level: {
    title: 'IV level (%)',
    description: 'The at-the-money implied volatility, in percent, the IV conditions compare with.',
    type: 'number',
    minimum: 1,
    maximum: 200,
    multipleOf: 0.1,
    default: 15,
  },
});
