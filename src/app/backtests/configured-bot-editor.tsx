import { useIntl } from 'react-intl';
import { LoadStatus } from '@/components/ui/load-status';
import { configuredBotMessages as messages } from '@/features/backtests/configured-bot-messages';
import type { BotEditorProps, ConfiguredBot } from '@/features/backtests/model/configured-bot';
import { BotForm } from '@/features/portfolios/components/bot-form';
import { useBaseStrategies } from '@/features/portfolios/hooks/use-base-strategies';
import type { BotFields } from '@/features/portfolios/model/bot-kind';

/** The create body of the bot the form describes: only a daily bot's schedule or a trading bot's window. */
function configuredBot(kind: BotEditorProps['kind'], fields: BotFields): ConfiguredBot {
  const { name, base_strategy, underlying, lots, stop_loss_pct, target_pct, params } = fields;
  const common = { name, base_strategy, underlying, lots, stop_loss_pct, target_pct, params };
  if (kind === 'daily') {
    return { ...common, entry_time: fields.entry_time ?? '', exit_time: fields.exit_time ?? '', weekdays: fields.weekdays ?? [] };
  }
  return { ...common, entry_from: fields.entry_from, entry_until: fields.entry_until, exit_time: fields.exit_time };
}

/**
 * A backtest's bot configured on the spot, with the Bots screen's own form (strategy, legs' parameters,
 * stop-loss, target, trailing, re-entry, and a daily bot's schedule or a trading bot's entry window), its
 * rules and its messages. It trades nothing, so no paper/live mode is said or sent.
 */
export function ConfiguredBotEditor({ formId, kind, onConfigured }: BotEditorProps) {
  const intl = useIntl();
  const catalogue = useBaseStrategies();
  if (!catalogue.loaded) {
    return (
      <LoadStatus
        loadingText={intl.formatMessage(messages.strategiesLoading)}
        failedText={intl.formatMessage(messages.strategiesFailed)}
        failed={catalogue.error !== null && !catalogue.loading}
        onRetry={() => void catalogue.reload()}
      />
    );
  }
  return (
    <BotForm
      id={formId}
      kind={kind}
      strategies={catalogue.strategies}
      busy={false}
      error={null}
      onSave={(fields) => onConfigured(configuredBot(kind, fields))}
    />
  );
}
