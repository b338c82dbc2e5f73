import TrashIcon from '@heroicons/react/24/outline/TrashIcon';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { PriceAlert } from '@/features/alerts/api/alert-calls';
import { priceMessages as messages } from '@/features/alerts/alert-messages';
import { useAlertWords } from '@/features/alerts/hooks/use-alert-words';
import { sayRefusal } from '@/i18n/say-refusal';
import { isApiError } from '@/lib/api/api-error';
import { notify } from '@/lib/notify/notify';

type PriceAlertListProps = { alerts: readonly PriceAlert[]; onDelete: (id: number) => Promise<void> };

/** Each price alert: its rule, how often, the last price seen, how many times it fired, and a delete button. */
export function PriceAlertList({ alerts, onDelete }: PriceAlertListProps) {
  const intl = useIntl();
  const words = useAlertWords();
  const [refused, setRefused] = useState<{ id: number; text: string } | null>(null);

  const handleDelete = async (id: number) => {
    setRefused(null);
    try {
      await onDelete(id);
      notify({ kind: 'success', title: messages.deleted });
    } catch (error) {
      if (isApiError(error) && error.kind === 'rejected') setRefused({ id, text: sayRefusal(intl, error) });
    }
  };

  if (alerts.length === 0) return <p className="text-sm text-fg-muted">{intl.formatMessage(messages.empty)}</p>;
  return (
    <ul aria-label={intl.formatMessage(messages.listLabel)} className="flex flex-col gap-2">
      {alerts.map((alert) => {
        const price = (value: number) => words.price(alert.symbol, value);
        const rule = words.rule(alert);
        return (
          <li key={alert.id} className="flex items-start gap-3 rounded-lg border border-line bg-surface p-3">
            <div className="flex min-w-0 flex-1 flex-col gap-1 text-start">
              <p className="font-semibold break-words">{rule}</p>
              <p className="flex flex-wrap gap-x-3 text-sm text-fg-muted">
                <span>{intl.formatMessage(alert.repeat === 'once' ? messages.once : messages.everyTime)}</span>
                <span>{intl.formatMessage(alert.active ? messages.active : alert.expired ? messages.expired : messages.done)}</span>
                <span>{alert.last_price === null ? intl.formatMessage(messages.noPrice) : intl.formatMessage(messages.lastPrice, { price: price(alert.last_price) })}</span>
                <span>{intl.formatMessage(messages.triggered, { count: alert.triggered_count })}</span>
              </p>
              {refused?.id === alert.id && (
                <p role="alert" className="text-sm text-loss">
                  {refused.text}
                </p>
              )}
            </div>
            <button
              type="button"
              onClick={() => void handleDelete(alert.id)}
              aria-label={intl.formatMessage(messages.deleteLabel, { rule })}
              title={intl.formatMessage(messages.delete)}
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-md text-fg-muted hover:bg-surface-muted hover:text-danger"
            >
              <TrashIcon aria-hidden="true" className="size-5" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
