/**
 * A bot form's values and rules. Values are flat and keyed by the server's field names (lots,
 * params.strike_offset), numbers kept as typed so a half-typed value is never lost; the strategy's own
 * parameters come from its JSON Schema (param-schema.ts).
 */
import {
  DEFAULT_STOCK_POSITIONS,
  MAX_LOTS,
  MAX_NAME_LENGTH,
  MAX_STOCK_POSITIONS,
  MAX_STOP_LOSS_PCT,
  MAX_TARGET_PCT,
  MIN_LOTS,
  MIN_PCT,
  MIN_STOCK_POSITIONS,
  type BaseStrategy,
  type IndexName,
} from '@/features/portfolios/api/portfolio-types';
import { botFormMessages as m } from '@/features/portfolios/bot-form-messages';
import { isDailyBot, type Bot, type BotFields, type BotKind } from '@/features/portfolios/model/bot-kind';
import {
  WEEKDAYS,
  isBefore,
  isClockTime,
  isNotAfter,
} from '@/features/portfolios/model/market-hours';
import { initialParamValue, paramName, paramSchema, paramsFrom, type FieldValue } from '@/features/portfolios/model/param-rules';
import { isParamEnabled } from '@/features/portfolios/model/param-enabled';
import { paramFields, type ParamField } from '@/features/portfolios/model/param-schema';
import { parseClockTime } from '@/lib/validation/clock-time';
import { toNumber } from '@/lib/validation/coerce';
import type { FormSchema, Rule } from '@/lib/validation/rules';

export type BotFormValues = Record<string, FieldValue>;
/** Where a new bot starts: the trader's trade defaults when known. */
/** What a new bot starts from: the trade defaults, and a strategy chosen elsewhere (a hosted strategy's "use this"). */
/** A new bot's strategy, underlying and name chosen before the form opens (from a link). */
export type BotPreset = { strategySlug: string; underlying?: IndexName; name?: string; kind: BotKind };

export type BotStart = { underlying: IndexName; lots: number; strategySlug?: string; name?: string };

/**
 * The form's underlying when a trading bot trades the stock its webhook's alert names (issue 63): sent as
 * `stock_from_alert`, the bot keeping NIFTY's session (stocks trade on NFO, as NIFTY's contracts do).
 */
export const STOCK_FROM_ALERT = '@alert';
const alertSession: IndexName = 'NIFTY';

/** Percentages are kept in hundredths: 12.345 would be stored as 12.35, so it is refused as typed. */
const inHundredths: Rule = {
  kind: 'custom',
  test: (value) => {
    const number = value === '' ? null : toNumber(value);
    return number === null || Math.abs(number * 100 - Math.round(number * 100)) < 1e-9;
  },
  message: m.twoDecimals,
};

const percentRules = (max: number): Rule[] => [
  { kind: 'required' },
  { kind: 'type', type: 'number' },
  { kind: 'range', min: MIN_PCT, max },
  inHundredths,
];

const timeRules: Rule[] = [
  { kind: 'required' },
  { kind: 'custom', test: (value) => value === '' || isClockTime(value), message: m.timeFormat },
];

const commonSchema: FormSchema<BotFormValues> = {
  base_strategy: { label: m.strategy, rules: [{ kind: 'required', message: m.strategyRequired }] },
  name: {
    label: m.name,
    rules: [{ kind: 'required' }, { kind: 'whitespace' }, { kind: 'length', max: MAX_NAME_LENGTH }],
  },
  lots: {
    label: m.lots,
    rules: [{ kind: 'required' }, { kind: 'type', type: 'integer' }, { kind: 'range', min: MIN_LOTS, max: MAX_LOTS }],
  },
  stop_loss_pct: { label: m.stopLoss, rules: percentRules(MAX_STOP_LOSS_PCT) },
  target_pct: { label: m.target, rules: percentRules(MAX_TARGET_PCT) },
};

const scheduleSchema: FormSchema<BotFormValues> = {
  entry_time: { label: m.entryTime, rules: timeRules },
  exit_time: {
    label: m.exitTime,
    rules: [
      ...timeRules,
      {
        kind: 'custom',
        test: (value, values) =>
          !isClockTime(value) || !isClockTime(values.entry_time) || isBefore(values.entry_time, value),
        message: m.exitBeforeEntry,
      },
    ],
  },
  weekdays: { label: m.weekdays, rules: [{ kind: 'required', message: m.weekdaysRequired }] },
};

/** Both times read: the rule compares them; otherwise each time's own rules speak. */
const bothTimes = (a: unknown, b: unknown) => isClockTime(a) && isClockTime(b);

/** A trading bot's day: entries from < until ≤ exit, all inside market hours. */
const windowSchema: FormSchema<BotFormValues> = {
  entry_from: { label: m.entryFrom, rules: timeRules },
  entry_until: {
    label: m.entryUntil,
    rules: [
      ...timeRules,
      {
        kind: 'custom',
        test: (value, values) => !bothTimes(value, values.entry_from) || isBefore(values.entry_from, value),
        message: m.untilBeforeFrom,
      },
    ],
  },
  exit_time: {
    label: m.exitTime,
    rules: [
      ...timeRules,
      {
        kind: 'custom',
        test: (value, values) => !bothTimes(value, values.entry_until) || isNotAfter(values.entry_until, value),
        message: m.exitBeforeUntil,
      },
    ],
  },
};

/** Where a new trading bot's day starts (the server's defaults). */
export const DEFAULT_WINDOW = { entry_from: '09:30', entry_until: '14:30', exit_time: '15:15' } as const;

/**
 * Every rule of the form for this kind and the chosen strategy's parameters, in the order fields appear. A
 * parameter's rules hold only while it is enabled: a value that does not matter now must not block saving.
 */
export function botFormSchema(kind: BotKind, params: readonly ParamField[]): FormSchema<BotFormValues> {
  const schema: Record<string, FormSchema<BotFormValues>[string]> = { ...commonSchema };
  schema.underlying = { label: m.underlying, rules: [{ kind: 'required' }] };
  // Only a trading bot trading the stock its alert names holds stocks (the cap is read by no other bot).
  if (kind === 'trading') {
    schema.max_stock_positions = {
      label: m.maxStockPositions,
      rules: [{ kind: 'required' }, { kind: 'type', type: 'integer' }, { kind: 'range', min: MIN_STOCK_POSITIONS, max: MAX_STOCK_POSITIONS }],
      when: (values) => values.underlying === STOCK_FROM_ALERT,
    };
  }
  for (const field of params) {
    const rules = paramSchema(field);
    schema[paramName(field.key)] =
      field.enabledWhen.length === 0 ? rules : { ...rules, when: (values) => isParamEnabled(field, params, values) };
  }
  return { ...schema, ...(kind === 'daily' ? scheduleSchema : windowSchema) };
}

export function strategyOf(strategies: readonly BaseStrategy[], id: unknown): BaseStrategy | undefined {
  return strategies.find((strategy) => String(strategy.id) === id);
}

/** A new bot's values, or an existing bot's as saved. */
export function initialBotValues(
  kind: BotKind,
  strategies: readonly BaseStrategy[],
  start: BotStart,
  bot?: Bot,
): BotFormValues {
  const values: BotFormValues = bot
    ? {
        base_strategy: String(bot.base_strategy),
        name: bot.name,
        underlying: 'stock_from_alert' in bot && bot.stock_from_alert === true ? STOCK_FROM_ALERT : bot.underlying,
        lots: String(bot.lots),
        stop_loss_pct: String(bot.stop_loss_pct),
        target_pct: String(bot.target_pct),
      }
    : {
        base_strategy: String(strategies.find((item) => item.slug === start.strategySlug)?.id ?? ''),
        name: start.name ?? '',
        underlying: start.underlying,
        lots: String(start.lots),
        stop_loss_pct: '25',
        target_pct: '50',
      };
  const strategy = strategyOf(strategies, values.base_strategy);
  for (const field of paramFields(strategy?.parameters)) {
    values[paramName(field.key)] = initialParamValue(field, bot?.params[field.key]);
  }
  if (kind === 'daily') {
    const schedule = bot && isDailyBot(bot) ? bot : { entry_time: '09:20', exit_time: '15:15', weekdays: [...WEEKDAYS] };
    values.entry_time = schedule.entry_time;
    values.exit_time = schedule.exit_time;
    values.weekdays = [...schedule.weekdays].sort((a, b) => a - b);
  } else {
    const window = bot && !isDailyBot(bot) ? bot : DEFAULT_WINDOW;
    values.entry_from = window.entry_from;
    values.entry_until = window.entry_until;
    values.exit_time = window.exit_time;
    values.max_stock_positions = String((bot && !isDailyBot(bot) ? bot.max_stock_positions : undefined) ?? DEFAULT_STOCK_POSITIONS);
  }
  return values;
}

const textOf = (value: FieldValue | undefined) => (typeof value === 'string' ? value : '');

/** The bot the values describe (call once they are valid), or null while a number does not read. */
export function botFieldsFrom(
  kind: BotKind,
  values: BotFormValues,
  params: readonly ParamField[],
  disabled: ReadonlySet<string> = new Set(),
): BotFields | null {
  const baseStrategy = toNumber(values.base_strategy);
  const lots = toNumber(values.lots);
  const stopLoss = toNumber(values.stop_loss_pct);
  const target = toNumber(values.target_pct);
  const fromAlert = kind === 'trading' && values.underlying === STOCK_FROM_ALERT;
  // Any index or F&O stock the search offered: a bot's own rules trade a stock's monthly contracts (issue 63).
  const underlying = fromAlert ? alertSession : values.underlying === STOCK_FROM_ALERT ? '' : (textOf(values.underlying) as IndexName);
  if (baseStrategy === null || lots === null || stopLoss === null || target === null || !underlying) return null;
  const fields: BotFields = {
    name: textOf(values.name).trim(),
    base_strategy: baseStrategy,
    underlying,
    lots,
    stop_loss_pct: stopLoss,
    target_pct: target,
    params: paramsFrom(values, params, disabled),
  };
  if (kind === 'daily') {
    fields.entry_time = parseClockTime(values.entry_time) ?? textOf(values.entry_time);
    fields.exit_time = parseClockTime(values.exit_time) ?? textOf(values.exit_time);
    fields.weekdays = Array.isArray(values.weekdays) ? [...values.weekdays].sort((a, b) => a - b) : [];
  } else {
    fields.entry_from = parseClockTime(values.entry_from) ?? textOf(values.entry_from);
    fields.entry_until = parseClockTime(values.entry_until) ?? textOf(values.entry_until);
    fields.exit_time = parseClockTime(values.exit_time) ?? textOf(values.exit_time);
    fields.stock_from_alert = fromAlert;
    // The cap is sent only where it applies: another bot keeps the value it has.
    const cap = toNumber(values.max_stock_positions);
    if (fromAlert) {
      if (cap === null) return null;
      fields.max_stock_positions = cap;
    }
  }
  return fields;
}
