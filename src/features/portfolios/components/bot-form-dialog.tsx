import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import type { Portfolio } from '@/features/portfolios/api/portfolio-types';
import { botFormMessages as f, editBotTitle, intoPortfolio } from '@/features/portfolios/bot-form-messages';
import { botMessages as m } from '@/features/portfolios/bot-messages';
import { BotForm } from '@/features/portfolios/components/bot-form';
import { LoadStatus } from '@/components/ui/load-status';
import type { useBaseStrategies } from '@/features/portfolios/hooks/use-base-strategies';
import { useBotActions, type ReadStates } from '@/features/portfolios/hooks/use-bot-actions';
import type { BotPreset } from '@/features/portfolios/model/bot-form-values';
import type { Bot, BotFields } from '@/features/portfolios/model/bot-kind';
import type { BotKindApi } from '@/features/portfolios/model/bot-kind-api';
import { commonMessages } from '@/i18n/common-messages';
import { notify } from '@/lib/notify/notify';
import type { TradingMode } from '@/lib/trading/trading-mode';

type BotFormDialogProps<B extends Bot> = {
  api: BotKindApi<B>;
  portfolio: Portfolio;
  catalogue: ReturnType<typeof useBaseStrategies>;
  /** The bot to edit; a new one is created without it. */
  bot?: B;
  preset?: BotPreset;
  mode: TradingMode;
  accountNumber: string;
  /** Today's states read again once the bot is saved: its card shows what it does at once. */
  readStates: ReadStates;
  onClose: () => void;
};

/** Creates or edits one bot. A refusal keeps the dialog open with everything the trader typed. */
export function BotFormDialog<B extends Bot>({ api, portfolio, catalogue, bot, preset, mode, accountNumber, readStates, onClose }: BotFormDialogProps<B>) {
  const intl = useIntl();
  const formId = useId();
  const { create, update } = useBotActions(api, readStates);
  const save = bot ? update : create;

  const handleSave = async (fields: BotFields) => {
    const saved = bot ? await update.run(bot.id, fields) : await create.run(portfolio.id, fields);
    if (!saved) return;
    notify({ kind: 'success', title: bot ? m.updated : m.created, values: { name: saved.name } });
    onClose();
  };

  const title = bot
    ? intl.formatMessage(editBotTitle, { name: bot.name })
    : intl.formatMessage(api.kind === 'daily' ? f.createDaily : f.createTrading);
  return (
    <Modal
      title={title}
      description={intl.formatMessage(intoPortfolio, { portfolio: portfolio.name })}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {intl.formatMessage(commonMessages.cancel)}
          </Button>
          <Button type="submit" form={formId} busy={save.loading} disabled={!catalogue.loaded}>
            {intl.formatMessage(bot ? f.save : f.create)}
          </Button>
        </>
      }
    >
      {catalogue.loaded ? (
        <BotForm
          id={formId}
          kind={api.kind}
          strategies={catalogue.strategies}
          bot={bot}
          preset={preset}
          mode={mode}
          accountNumber={accountNumber}
          busy={save.loading}
          error={save.error}
          onSave={(fields) => void handleSave(fields)}
        />
      ) : (
        <LoadStatus
          loadingText={intl.formatMessage(f.strategiesLoading)}
          failedText={intl.formatMessage(f.strategiesFailed)}
          failed={catalogue.error !== null && !catalogue.loading}
          onRetry={() => void catalogue.reload()}
        />
      )}
    </Modal>
  );
}
