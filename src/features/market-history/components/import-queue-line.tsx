import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { getImportQueue, type HistoryImportQueue } from '@/features/market-history/api/market-history-calls';
import { marketHistoryMessages as messages } from '@/features/market-history/market-history-messages';

/** How often the line is read again while an upload waits. */
const pollMs = 1000;

/**
 * While the trader's upload is sent, where it stands when other imports hold the server's few places (the server
 * runs two at once and lines the rest up): nothing while it runs, its place while it waits.
 */
export function ImportQueueLine({ active }: { active: boolean }) {
  const intl = useIntl();
  const [queue, setQueue] = useState<HistoryImportQueue | null>(null);

  useEffect(() => {
    if (!active) return undefined;
    let stopped = false;
    const read = () => {
      getImportQueue().then(
        (answer) => {
          if (!stopped) setQueue(answer);
        },
        // A missed reading only leaves the last one shown: the upload's own answer is what counts.
        () => undefined,
      );
    };
    read();
    const timer = window.setInterval(read, pollMs);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      // The next upload starts from no reading, not this one's last.
      setQueue(null);
    };
  }, [active]);

  const waiting = queue?.places.filter((place) => place > 0) ?? [];
  if (!active || queue === null || waiting.length === 0 || queue.places.includes(0)) return null;
  return (
    <p className="text-sm text-fg-muted" role="status" data-testid="import-queue-place">
      {intl.formatMessage(messages.queuePlace, { place: Math.min(...waiting), running: queue.running })}
    </p>
  );
}
