import { useIntl, type MessageDescriptor } from 'react-intl';
import type { BaseStrategy } from '@/features/portfolios/api/portfolio-types';
import { botFormMessages } from '@/features/portfolios/bot-form-messages';
import { botMessages as m, clockText, entryText, lotsText, scheduleText } from '@/features/portfolios/bot-messages';
import { useWeekdayNames } from '@/features/portfolios/hooks/use-weekday-names';
import { isDailyBot, type Bot } from '@/features/portfolios/model/bot-kind';
import { conditionMessages } from '@/features/portfolios/strategy-text/condition-messages';
import { optionLabels } from '@/features/portfolios/strategy-text/param-messages';
import { commonMessages } from '@/i18n/common-messages';
import { strategyName } from '@/i18n/strategy-messages';
import { useFormat } from '@/lib/format/use-format';

/** `strategies` is null until the catalogue has been read (or recalled): the card then says so, not "Unknown strategy". */
type BotFactsProps = { bot: Bot; strategies: readonly BaseStrategy[] | null };

// The server fills a bot's omitted parameters with their defaults when it is saved: these fallbacks are theirs
// (param-fields.ts), for a bot saved before a parameter existed.
const numberParam = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

/**
 * What a bot runs and how: strategy, index, size, the stop-loss and target it uses (points of the combined premium
 * or percent, never the unused fields), its entry condition, its product (the engine's rule: NRML unless it chose
 * MIS) and when (a daily bot's schedule, a trading bot's window).
 */
export function BotFacts({ bot, strategies }: BotFactsProps) {
  const intl = useIntl();
  const { formatPercent } = useFormat();
  const dayNames = useWeekdayNames('short');
  const strategy = strategies?.find((candidate) => candidate.id === bot.base_strategy);
  const strategyText = strategy
    ? strategyName(strategy, intl)
    : intl.formatMessage(strategies === null ? commonMessages.loading : m.unknownStrategy);
  const facts: [MessageDescriptor, string][] = [
    [m.strategy, strategyText],
    [m.underlying, 'stock_from_alert' in bot && bot.stock_from_alert === true ? intl.formatMessage(botFormMessages.stockFromAlert) : bot.underlying],
    [m.lots, intl.formatMessage(lotsText, { lots: bot.lots })],
    ...riskFacts(bot, intl, formatPercent),
  ];
  if (typeof bot.params.entry_condition === 'string') facts.push([m.entry, entryFact(bot.params, intl)]);
  facts.push([m.product, intl.formatMessage(optionLabels[bot.params.product === 'MIS' ? 'product.MIS' : 'product.NRML'])]);
  if (isDailyBot(bot)) {
    facts.push([m.schedule, intl.formatMessage(scheduleText, { entry: bot.entry_time, exit: bot.exit_time })]);
    const days = [...bot.weekdays].sort((a, b) => a - b).map((day) => dayNames.get(day) ?? String(day));
    facts.push([m.weekdays, intl.formatList(days, { type: 'unit', style: 'short' })]);
  } else {
    facts.push([m.entryWindow, intl.formatMessage(scheduleText, { entry: bot.entry_from, exit: bot.entry_until })]);
    facts.push([m.exitAt, intl.formatMessage(clockText, { time: bot.exit_time })]);
  }
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
      {facts.map(([label, value]) => (
        <div key={label.id} className="min-w-0">
          <dt className="text-fg-muted">{intl.formatMessage(label)}</dt>
          <dd className="font-medium text-fg break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

type Intl = ReturnType<typeof useIntl>;

/** The stop-loss and target the bot uses: points of the combined premium when risk_unit says so, else percent. */
function riskFacts(bot: Bot, intl: Intl, formatPercent: (share: number) => string): [MessageDescriptor, string][] {
  if (bot.params.risk_unit !== 'points') {
    return [
      [m.stopLoss, formatPercent(bot.stop_loss_pct / 100)],
      [m.target, formatPercent(bot.target_pct / 100)],
    ];
  }
  const points = (amount: number) => intl.formatMessage(conditionMessages.move, { unit: 'points', amount });
  return [
    [m.stopLoss, points(numberParam(bot.params.stop_loss_points, 30))],
    [m.target, points(numberParam(bot.params.target_points, 60))],
  ];
}

function entryFact(params: Bot['params'], intl: Intl): string {
  const time = typeof params.condition_strikes_at === 'string' ? params.condition_strikes_at : '09:20';
  const move = intl.formatMessage(conditionMessages.move, {
    unit: params.premium_move_unit === 'points' ? 'points' : 'percent',
    amount: numberParam(params.premium_move, 20),
  });
  return intl.formatMessage(entryText, { kind: String(params.entry_condition), time, move, level: numberParam(params.iv_level, 15) });
}
