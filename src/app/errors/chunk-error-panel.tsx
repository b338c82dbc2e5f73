import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';

const titleMessage = defineMessage<{ chunk: MessageValue }>({
  id: 'app.chunkError.title',
  defaultMessage: 'Loading chunk {chunk} failed',
});

const messages = defineMessages({
  description: {
    id: 'app.chunkError.description',
    defaultMessage: 'This screen could not be downloaded. Check your connection and try again.',
  },
  retry: { id: 'app.chunkError.retry', defaultMessage: 'Try again' },
});

export function ChunkErrorPanel({ chunk, onRetry }: { chunk: string; onRetry: () => void }) {
  const intl = useIntl();
  return (
    <div role="alert" className="mx-auto my-10 max-w-md rounded-lg border border-line bg-surface p-6 text-center">
      <h2 className="text-lg font-semibold">{intl.formatMessage(titleMessage, { chunk })}</h2>
      <p className="mt-2 text-fg-muted">{intl.formatMessage(messages.description)}</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-4 min-h-11 rounded-md bg-brand px-4 font-medium text-brand-fg hover:opacity-90"
      >
        {intl.formatMessage(messages.retry)}
      </button>
    </div>
  );
}
