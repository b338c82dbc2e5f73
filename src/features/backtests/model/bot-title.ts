import type { IntlShape } from 'react-intl';
import type { Backtest } from '@/features/backtests/api/backtest-calls';
import { configuredBotMessages as messages } from '@/features/backtests/configured-bot-messages';
import { strategyName } from '@/i18n/strategy-messages';

/**
 * How a backtest names its bot: a saved bot by its name; a bot configured on the spot by what it does
 * ("Short straddle 09:20–15:15, configured for this backtest"), since it has no life outside the report.
 */
export function botTitle(bot: Backtest['bot'], intl: IntlShape): string {
  if (bot.id !== null) return bot.name;
  const strategy = strategyName({ slug: bot.strategy, name: bot.name, description: '' }, intl);
  return intl.formatMessage(messages.title, { strategy, entry: bot.entry_time, exit: bot.exit_time });
}
