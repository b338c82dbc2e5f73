import { useState } from 'react';
import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import type { Order } from '@/features/orders/api/trading-types';
import { ModifyOrderDialog } from '@/features/orders/components/modify-order-dialog';
import { CancelOrderDialog, orderActionMessages } from '@/features/orders/components/order-dialogs';
import type { Protection } from '@/features/orders/model/position-protection';
import { useFormat } from '@/lib/format/use-format';

type Kind = 'stoploss' | 'target';

const kindMessages = defineMessages({
  stoploss: { id: 'orders.protection.stopLoss', defaultMessage: 'Stop-loss' },
  target: { id: 'orders.protection.target', defaultMessage: 'Target' },
});
const stopLossAt = defineMessage<{ trigger: MessageValue; price: MessageValue }>({
  id: 'orders.protection.stopLossAt',
  defaultMessage: 'trigger {trigger}, limit {price}',
});
const stopLossMarketAt = defineMessage<{ trigger: MessageValue }>({ id: 'orders.protection.stopLossMarketAt', defaultMessage: 'trigger {trigger}, at market' });
const targetAt = defineMessage<{ price: MessageValue }>({ id: 'orders.protection.targetAt', defaultMessage: 'limit {price}' });
const modifyLabel = defineMessage<{ kind: Kind }>({ id: 'orders.protection.modify', defaultMessage: '{kind, select, stoploss {Modify the stop-loss} other {Modify the target}}' });
const cancelLabel = defineMessage<{ kind: Kind }>({ id: 'orders.protection.cancel', defaultMessage: '{kind, select, stoploss {Cancel the stop-loss} other {Cancel the target}}' });

const two = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
const small = 'min-h-9 rounded-md border border-line px-2 text-xs font-medium hover:bg-surface-raised disabled:opacity-50';

/**
 * The working stop-loss and target of a position, each with its price and its own Modify and Cancel, on the
 * position's row: what protects the position is read where the position is, not looked up in the book.
 */
export function ProtectionLines({ protection, accountNumber, disabled, onDone }: { protection: Protection; accountNumber: string; disabled: boolean; onDone: () => void }) {
  const intl = useIntl();
  const { formatInr } = useFormat();
  const [opened, setOpened] = useState<{ action: 'modify' | 'cancel'; order: Order } | null>(null);
  const lines: Array<{ kind: Kind; order: Order }> = [
    ...protection.stopLosses.map((order) => ({ kind: 'stoploss' as const, order })),
    ...protection.targets.map((order) => ({ kind: 'target' as const, order })),
  ];
  if (lines.length === 0) return null;
  const priceText = (kind: Kind, order: Order) =>
    kind === 'target'
      ? intl.formatMessage(targetAt, { price: formatInr(order.price, two) })
      : order.order_type === 'SL-M'
        ? intl.formatMessage(stopLossMarketAt, { trigger: formatInr(order.trigger_price, two) })
        : intl.formatMessage(stopLossAt, { trigger: formatInr(order.trigger_price, two), price: formatInr(order.price, two) });
  return (
    <>
      <ul className="flex w-full flex-col gap-1">
        {lines.map(({ kind, order }) => {
          const name = intl.formatMessage(kindMessages[kind]);
          return (
            <li key={order.order_id} data-protection={kind} data-order-id={order.order_id} className="flex flex-wrap items-center justify-end gap-x-2 gap-y-1 text-xs">
              <span className={`rounded px-1.5 py-0.5 font-semibold ${kind === 'stoploss' ? 'bg-loss/10 text-loss' : 'bg-profit/10 text-profit'}`}>{name}</span>
              <span className="tabular-nums text-fg" data-field="protection-price">
                {priceText(kind, order)}
              </span>
              <span className="flex gap-1">
                <button type="button" className={`${small} text-fg`} disabled={disabled} aria-label={intl.formatMessage(modifyLabel, { kind })} onClick={() => setOpened({ action: 'modify', order })}>
                  {intl.formatMessage(orderActionMessages.modify)}
                </button>
                <button type="button" className={`${small} text-loss`} disabled={disabled} aria-label={intl.formatMessage(cancelLabel, { kind })} onClick={() => setOpened({ action: 'cancel', order })}>
                  {intl.formatMessage(orderActionMessages.cancel)}
                </button>
              </span>
            </li>
          );
        })}
      </ul>
      {opened?.action === 'modify' && <ModifyOrderDialog order={opened.order} accountNumber={accountNumber} onDone={onDone} onClose={() => setOpened(null)} />}
      {opened?.action === 'cancel' && <CancelOrderDialog order={opened.order} accountNumber={accountNumber} onDone={onDone} onClose={() => setOpened(null)} />}
    </>
  );
}
