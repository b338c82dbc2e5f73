import { useIntl } from 'react-intl';
import type { Bot } from '@/features/portfolios/model/bot-kind';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { botMessages as m, deleteText, deleteTitle } from '@/features/portfolios/bot-messages';
import { useBotActions } from '@/features/portfolios/hooks/use-bot-actions';
import type { BotKindApi } from '@/features/portfolios/model/bot-kind-api';
import { refusalText } from '@/features/portfolios/refusal-text';
import { notify } from '@/lib/notify/notify';

type DeleteBotDialogProps<B extends Bot> = { api: BotKindApi<B>; bot: B; onClose: () => void };

/** Asks before deleting a bot, naming it and saying what happens to its open positions. */
export function DeleteBotDialog<B extends Bot>({ api, bot, onClose }: DeleteBotDialogProps<B>) {
  const intl = useIntl();
  const { remove } = useBotActions(api);
  const handleConfirm = async () => {
    if (remove.loading) return;
    if (!(await remove.run(bot))) return;
    notify({ kind: 'success', title: m.deleted, values: { name: bot.name } });
    onClose();
  };
  return (
    <ConfirmDialog
      title={intl.formatMessage(deleteTitle, { name: bot.name })}
      description={intl.formatMessage(deleteText, { name: bot.name })}
      confirmLabel={intl.formatMessage(m.deleteConfirm)}
      busy={remove.loading}
      error={remove.error ? refusalText(remove.error, intl) : null}
      onConfirm={() => void handleConfirm()}
      onClose={onClose}
    />
  );
}
