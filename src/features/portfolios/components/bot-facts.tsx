import { useIntl, type MessageDescriptor } from 'react-intl';
import type { BaseStrategy } from '@/features/portfolios/api/portfolio-types';
import { botMessages as m, clockText, lotsText, scheduleText } from '@/features/portfolios/bot-messages';
import { useWeekdayNames } from '@/features/portfolios/hooks/use-weekday-names';
import { isDailyBot, type Bot } from '@/features/portfolios/model/bot-kind';
import { commonMessages } from '@/i18n/common-messages';
import { strategyName } from '@/i18n/strategy-messages';
import { useFormat } from '@/lib/format/use-format';

/** `strategies` is null until the catalogue has been read (or recalled): the card then says so, not "Unknown strategy". */
type BotFactsProps = { bot: Bot; strategies: readonly BaseStrategy[] | null };

/** What a bot runs and how: strategy, index, size, exits and when (a daily bot's schedule, a trading bot's window). */
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
    [m.underlying, bot.underlying],
    [m.lots, intl.formatMessage(lotsText, { lots: bot.lots })],
    [m.stopLoss, formatPercent(bot.stop_loss_pct / 100)],
    [m.target, formatPercent(bot.target_pct / 100)],
  ];
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
