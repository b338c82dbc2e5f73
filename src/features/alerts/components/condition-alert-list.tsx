import TrashIcon from '@heroicons/react/24/outline/TrashIcon';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { LoadStatus } from '@/components/ui/load-status';
import { StaleNote } from '@/components/ui/stale-note';
import type { ConditionAlert } from '@/features/alerts/api/alert-calls';
import { conditionMessages as m } from '@/features/alerts/condition-alert-messages';
import { priceMessages } from '@/features/alerts/alert-messages';
import { useConditionAlerts } from '@/features/alerts/hooks/use-condition-alerts';
import { legsInWords } from '@/features/alerts/model/condition-words';
import { sayRefusal } from '@/i18n/say-refusal';
import { isApiError } from '@/lib/api/api-error';
import { useFormat } from '@/lib/format/use-format';
import { notify } from '@/lib/notify/notify';

const chartOf = (alert: ConditionAlert) =>
  alert.legs !== null ? `/app/premium?legs=${encodeURIComponent(alert.legs)}` : `/app/volatility?index=${alert.index}&expiry=${alert.expiry}`;

/** The premium and IV alerts under the price alerts: each one's rule, its state, the last value judged, and delete. */
export function ConditionAlertsSection() {
  const intl = useIntl();
  const { formatDate, formatDateTime } = useFormat();
  const { list, asOf, failed, reload, remove } = useConditionAlerts();
  const [refused, setRefused] = useState<{ id: number; text: string } | null>(null);

  const ruleOf = (alert: ConditionAlert) =>
    intl.formatMessage(m.rule, {
      subject: alert.legs !== null ? `${legsInWords(alert.legs)} (${formatDate(alert.expiry)})` : intl.formatMessage(m.ivSubject, { index: alert.index, expiry: formatDate(alert.expiry) }),
      kind: alert.kind,
      move: alert.move ?? 0,
      unit: alert.move_unit ?? 'percent',
      level: alert.level ?? 0,
      from: alert.from_minute,
    });

  const handleDelete = async (id: number) => {
    setRefused(null);
    try {
      await remove(id);
      notify({ kind: 'success', title: m.deleted });
    } catch (error) {
      if (isApiError(error) && error.kind === 'rejected') setRefused({ id, text: sayRefusal(intl, error) });
    }
  };

  return (
    <section aria-labelledby="condition-alerts-heading" className="flex flex-col gap-3">
      <div>
        <h2 id="condition-alerts-heading" className="text-lg font-semibold">
          {intl.formatMessage(m.title)}
        </h2>
        <p className="mt-1 text-sm text-fg-muted">{intl.formatMessage(m.description)}</p>
      </div>
      {list === null ? (
        <LoadStatus loadingText={intl.formatMessage(m.loading)} failedText={intl.formatMessage(m.failed)} failed={failed} onRetry={reload} />
      ) : list.length === 0 ? (
        <p className="text-sm text-fg-muted">{intl.formatMessage(m.empty)}</p>
      ) : (
        <>
          {asOf !== null && <StaleNote asOf={asOf} />}
          <ul aria-label={intl.formatMessage(m.listLabel)} className="flex flex-col gap-2">
            {list.map((alert) => {
              const rule = ruleOf(alert);
              return (
                <li key={alert.id} data-testid="condition-alert" className="flex items-start gap-3 rounded-lg border border-line bg-surface p-3">
                  <div className="flex min-w-0 flex-1 flex-col gap-1 text-start">
                    <p className="font-semibold break-words">{rule}</p>
                    <p className="flex flex-wrap gap-x-3 text-sm text-fg-muted">
                      <span>{intl.formatMessage(alert.active ? m.active : alert.expired && alert.triggered_at === null ? m.expired : priceMessages.done)}</span>
                      {alert.last_value !== null && alert.triggered_at === null && <span>{intl.formatMessage(m.lastValue, { kind: alert.legs === null ? 'iv' : 'premium', value: alert.last_value })}</span>}
                      <Link to={chartOf(alert)} className="font-medium text-brand underline">
                        {intl.formatMessage(m.openChart)}
                      </Link>
                    </p>
                    {alert.triggered_at !== null && alert.last_value !== null && (
                      <p className="text-sm" data-testid="condition-alert-fired">
                        {intl.formatMessage(m.fired, { time: formatDateTime(alert.triggered_at), kind: alert.legs === null ? 'iv' : 'premium', value: alert.last_value })}
                      </p>
                    )}
                    {refused?.id === alert.id && (
                      <p role="alert" className="text-sm text-loss">
                        {refused.text}
                      </p>
                    )}
                  </div>
                  <button
                    type="button"
                    onClick={() => void handleDelete(alert.id)}
                    aria-label={intl.formatMessage(m.deleteLabel, { rule })}
                    title={intl.formatMessage(m.delete)}
                    className="inline-flex size-11 shrink-0 items-center justify-center rounded-md text-fg-muted hover:bg-surface-muted hover:text-danger"
                  >
                    <TrashIcon aria-hidden="true" className="size-5" />
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
