import { useIntl } from 'react-intl';
import type { WebhookAlertRecord } from '@/features/portfolios/api/bot-webhook';
import { useClockTime } from '@/features/portfolios/hooks/use-clock-time';
import { alertActionMessage, alertIdMessage, alertOutcomeMessage, webhookMessages as m } from '@/features/portfolios/webhook-messages';
import { ServerText } from '@/i18n/server-text';
import { isolate } from '@/lib/format/isolate';

const outcomeTone: Record<WebhookAlertRecord['outcome'], string> = {
  placed: 'border-profit/40 text-profit',
  working: 'border-warn/40 text-warn',
  proposed: 'border-warn/40 text-warn',
  refused: 'border-loss/40 text-loss',
  failed: 'border-loss/40 text-loss',
};

/** The bot's latest alerts, newest first: when, what, its outcome in words (not colour alone) and why. */
export function WebhookAlertList({ alerts }: { alerts: readonly WebhookAlertRecord[] }) {
  const intl = useIntl();
  const clock = useClockTime();
  if (alerts.length === 0) return <p className="text-sm text-fg-muted">{intl.formatMessage(m.recentEmpty)}</p>;
  return (
    <ol className="flex flex-col divide-y divide-line rounded-md border border-line" aria-label={intl.formatMessage(m.recent)}>
      {alerts.map((alert) => (
        <li key={alert.id} className="flex flex-col gap-1 p-3 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <time dateTime={alert.received_at} className="font-mono text-fg-muted">
              {clock(alert.received_at)}
            </time>
            <span className="font-medium text-fg">{intl.formatMessage(alertActionMessage, { action: alert.action ?? 'other' })}</span>
            <span className={`rounded border px-1.5 text-xs font-semibold ${outcomeTone[alert.outcome]}`}>
              {intl.formatMessage(alertOutcomeMessage, { outcome: alert.outcome })}
            </span>
            {alert.alert_id === null ? null : (
              <span className="min-w-0 text-fg-muted break-all">{intl.formatMessage(alertIdMessage, { id: isolate(alert.alert_id) })}</span>
            )}
          </div>
          <p className="text-fg break-words">
            <ServerText text={alert.message_i18n} fallback={alert.message ?? ''} />
          </p>
        </li>
      ))}
    </ol>
  );
}
