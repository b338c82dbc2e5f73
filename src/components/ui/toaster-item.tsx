import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { useIntl } from 'react-intl';
import CheckCircleIcon from '@heroicons/react/24/outline/CheckCircleIcon';
import ExclamationTriangleIcon from '@heroicons/react/24/outline/ExclamationTriangleIcon';
import InformationCircleIcon from '@heroicons/react/24/outline/InformationCircleIcon';
import XCircleIcon from '@heroicons/react/24/outline/XCircleIcon';
import XMarkIcon from '@heroicons/react/24/outline/XMarkIcon';
import { toasterMessages } from '@/components/ui/toaster-messages';
import type { Notification, NotificationKind, NotificationText } from '@/lib/notify/notifications-atom';

const ICONS = {
  success: CheckCircleIcon,
  error: XCircleIcon,
  warning: ExclamationTriangleIcon,
  info: InformationCircleIcon,
} satisfies Record<NotificationKind, unknown>;

const ICON_COLOURS: Record<NotificationKind, string> = {
  success: 'text-profit',
  error: 'text-danger',
  warning: 'text-warn',
  info: 'text-brand',
};

/** Runs `onElapsed` after `durationMs` of unpaused time; pausing keeps the remaining time. */
function useDismissTimer(durationMs: number, paused: boolean, onElapsed: () => void): void {
  const remaining = useRef(durationMs);
  const callback = useRef(onElapsed);
  useEffect(() => {
    callback.current = onElapsed;
  }, [onElapsed]);

  useEffect(() => {
    if (durationMs <= 0 || paused) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => callback.current(), Math.max(0, remaining.current));
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [durationMs, paused]);
}

type ToasterItemProps = { notification: Notification; onDismiss: (id: string) => void };

export function ToasterItem({ notification, onDismiss }: ToasterItemProps) {
  const intl = useIntl();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const { id, kind, title, description, values, durationMs } = notification;
  useDismissTimer(durationMs, hovered || focused, () => onDismiss(id));

  const text = (value: NotificationText) => (typeof value === 'string' ? value : intl.formatMessage(value, values));
  const handleBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };
  const Icon = ICONS[kind];

  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      aria-atomic="true"
      data-kind={kind}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={handleBlur}
      className="pointer-events-auto flex items-start gap-3 rounded-lg border border-line bg-surface-raised p-3 text-fg shadow-lg"
    >
      <Icon aria-hidden="true" className={`mt-0.5 size-6 shrink-0 ${ICON_COLOURS[kind]}`} />
      <div className="min-w-0 flex-1 break-words">
        <span className="sr-only">{intl.formatMessage(toasterMessages[kind])}</span>
        <p className="font-semibold">{text(title)}</p>
        {description !== undefined && <p className="mt-1 text-sm text-fg-muted">{text(description)}</p>}
      </div>
      <button
        type="button"
        onClick={() => onDismiss(id)}
        aria-label={intl.formatMessage(toasterMessages.close)}
        className="-my-2 -me-2 inline-flex size-11 shrink-0 items-center justify-center rounded-md text-fg-muted hover:bg-surface-muted hover:text-fg"
      >
        <XMarkIcon aria-hidden="true" className="size-5" />
      </button>
    </div>
  );
}
