import { defineMessages, useIntl } from 'react-intl';

const messages = defineMessages({
  loading: { id: 'app.loading', defaultMessage: 'Loading…' },
});

export function ScreenLoading() {
  const intl = useIntl();
  return (
    <div role="status" aria-live="polite" className="flex min-h-40 items-center justify-center p-6">
      <span className="size-6 animate-spin rounded-full border-2 border-line border-t-brand motion-reduce:animate-none" aria-hidden="true" />
      <span className="sr-only">{intl.formatMessage(messages.loading)}</span>
    </div>
  );
}
