import ExclamationTriangleIcon from '@heroicons/react/24/outline/ExclamationTriangleIcon';
import InformationCircleIcon from '@heroicons/react/24/outline/InformationCircleIcon';
import { useId, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { cx } from '@/components/ui/class-names';
import { brokersMessages } from '@/features/brokers/brokers-messages';

type Tone = 'info' | 'error' | 'progress';

type ReturnMessageProps = {
  tone: Tone;
  title: ReactNode;
  children?: ReactNode;
  /** Buttons shown before the link back to the broker accounts. */
  actions?: ReactNode;
};

/**
 * What the broker login return page says, with a way forward. An error is announced as an alert, other
 * news politely; the link back to the broker accounts is always there.
 */
export function ReturnMessage({ tone, title, children, actions }: ReturnMessageProps) {
  const intl = useIntl();
  const titleId = useId();
  const Icon = tone === 'error' ? ExclamationTriangleIcon : InformationCircleIcon;
  return (
    <section
      aria-labelledby={titleId}
      className={cx(
        'flex flex-col gap-4 rounded-lg border bg-surface p-4 sm:p-6',
        tone === 'error' ? 'border-danger/40' : 'border-line',
      )}
    >
      <div role={tone === 'error' ? 'alert' : 'status'} className="flex items-start gap-3">
        {tone === 'progress' ? (
          <span
            aria-hidden="true"
            className="mt-0.5 size-5 shrink-0 animate-spin rounded-full border-2 border-brand border-t-transparent motion-reduce:animate-none"
          />
        ) : (
          <Icon aria-hidden="true" className={cx('size-6 shrink-0', tone === 'error' ? 'text-danger' : 'text-brand')} />
        )}
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id={titleId} className="font-semibold text-fg break-words">
            {title}
          </h2>
          {children ? <div className="text-sm text-fg-muted break-words">{children}</div> : null}
        </div>
      </div>
      {tone === 'progress' ? null : (
        <div className="flex flex-wrap items-center gap-3">
          {actions}
          <Link
            to="/app/broker"
            className="inline-flex min-h-11 items-center rounded-md border border-line bg-surface px-4 font-medium text-fg hover:bg-surface-muted"
          >
            {intl.formatMessage(brokersMessages.backToAccounts)}
          </Link>
        </div>
      )}
    </section>
  );
}
