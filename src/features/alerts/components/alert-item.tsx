import CheckCircleIcon from '@heroicons/react/24/outline/CheckCircleIcon';
import ExclamationTriangleIcon from '@heroicons/react/24/outline/ExclamationTriangleIcon';
import InformationCircleIcon from '@heroicons/react/24/outline/InformationCircleIcon';
import XCircleIcon from '@heroicons/react/24/outline/XCircleIcon';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { Alert, AlertSeverity } from '@/features/alerts/api/alert-calls';
import { alertMessages as messages, severityMessages } from '@/features/alerts/alert-messages';
import { appPath } from '@/features/alerts/model/alert-shape';
import { sayServerText } from '@/i18n/say-server-text';
import { useFormat } from '@/lib/format/use-format';

const icons = { info: InformationCircleIcon, success: CheckCircleIcon, warning: ExclamationTriangleIcon, danger: XCircleIcon };
const colours: Record<AlertSeverity, string> = { info: 'text-brand', success: 'text-profit', warning: 'text-warn', danger: 'text-danger' };

/**
 * One alert: its severity as an icon AND a word (never colour alone), the server's title and body as plain
 * text (React escapes it: a body holding markup shows the markup, it never runs), when, which account or
 * bot, and a link to the screen it is about.
 */
export function AlertItem({ alert }: { alert: Alert }) {
  const intl = useIntl();
  const { formatDateTime } = useFormat();
  const Icon = icons[alert.severity];
  const link = appPath(alert.link);
  // The server's words in the interface language when it sent their code; its English otherwise.
  const title = sayServerText(intl, alert.title_i18n, alert.title);
  const body = sayServerText(intl, alert.body_i18n, alert.body);
  return (
    <li className="flex gap-3 rounded-lg border border-line bg-surface p-3" data-testid="alert-item">
      <Icon aria-hidden="true" className={`mt-0.5 size-6 shrink-0 ${colours[alert.severity]}`} />
      <div className="flex min-w-0 flex-1 flex-col gap-1 text-start">
        <p className="flex flex-wrap items-center gap-x-2 text-xs font-medium">
          <span className={colours[alert.severity]}>{intl.formatMessage(severityMessages[alert.severity])}</span>
          {!alert.read && <span className="rounded bg-brand-soft px-1.5 text-brand">{intl.formatMessage(messages.isNew)}</span>}
          <time dateTime={alert.at} className="text-fg-muted">
            {formatDateTime(alert.at)}
          </time>
        </p>
        {/* The feed sits straight under the screen's h1. */}
        <h2 className="font-semibold break-words text-fg">{title}</h2>
        {body !== '' && <p className="text-sm break-words whitespace-pre-line text-fg-muted">{body}</p>}
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-fg-muted">
          {alert.account_number !== null && <span>{intl.formatMessage(messages.account, { account: alert.account_number })}</span>}
          {alert.bot !== null && <span>{intl.formatMessage(messages.bot, { name: alert.bot.name })}</span>}
          {link !== null && (
            <Link
              to={link}
              aria-label={intl.formatMessage(messages.openLabel, { title })}
              className="inline-flex min-h-11 items-center font-medium text-brand underline-offset-2 hover:underline"
            >
              {intl.formatMessage(messages.open)}
            </Link>
          )}
        </p>
      </div>
    </li>
  );
}
