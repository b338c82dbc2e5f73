import ExclamationTriangleIcon from '@heroicons/react/24/outline/ExclamationTriangleIcon';
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';

const messages = defineMessages({
  title: { id: 'errors.title', defaultMessage: 'Something went wrong' },
  description: {
    id: 'errors.description',
    defaultMessage: 'This page could not be shown. Go back to the home page and try again.',
  },
  home: { id: 'errors.home', defaultMessage: 'Back to home' },
});

/** A full page for the blank layout (no shell): it must stand on its own. */
export function ErrorPageScreen() {
  const intl = useIntl();
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-surface-muted px-4 py-12 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-surface-raised text-danger shadow-sm">
        <ExclamationTriangleIcon className="size-8" aria-hidden />
      </span>
      <h1 className="text-2xl font-semibold text-fg">{intl.formatMessage(messages.title)}</h1>
      <p className="max-w-md text-sm leading-6 text-fg-muted">{intl.formatMessage(messages.description)}</p>
      <Link
        to="/"
        className="mt-2 inline-flex items-center rounded-md bg-brand px-4 py-2 text-sm font-medium text-brand-fg hover:opacity-90"
      >
        {intl.formatMessage(messages.home)}
      </Link>
    </div>
  );
}
