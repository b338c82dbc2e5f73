import { defineMessage, useIntl, type MessageValue } from 'react-intl';
import { TradingModeBadge } from '@/components/trading/trading-mode-badge';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { LiveOrderQuestion } from '@/features/orders/hooks/use-live-order-gate';
import { isolate } from '@/lib/format/isolate';

const titleText = defineMessage<{ name: MessageValue }>({
  id: 'orders.live.title',
  defaultMessage: 'First live order today on “{name}”',
});
const bodyText = defineMessage<{ name: MessageValue; broker: MessageValue; number: MessageValue }>({
  id: 'orders.live.body',
  defaultMessage:
    'Real money is at stake: this order goes to the broker for {name}, {broker, select, kite {Zerodha client ID} other {client ID}} {number}. Once you confirm, this account’s later orders today go without asking.',
});
const confirmText = defineMessage({ id: 'orders.live.confirm', defaultMessage: 'Send with real money' });

/**
 * The first live order of the day's question (useLiveOrderGate): names the account and its client ID, says
 * real money is at stake. Focus starts on Cancel; Cancel, Escape and the backdrop send nothing.
 */
export function LiveOrderDialog({ account, onAnswer }: LiveOrderQuestion) {
  const intl = useIntl();
  if (account === null) return null;
  return (
    <ConfirmDialog
      title={
        <span className="flex flex-wrap items-center gap-2">
          <TradingModeBadge mode="live" />
          {intl.formatMessage(titleText, { name: isolate(account.name) })}
        </span>
      }
      description={intl.formatMessage(bodyText, { name: isolate(account.name), broker: account.broker, number: isolate(account.account_number) })}
      confirmLabel={intl.formatMessage(confirmText)}
      busy={false}
      onConfirm={() => onAnswer(true)}
      onClose={() => onAnswer(false)}
    />
  );
}
