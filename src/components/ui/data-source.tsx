import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import { useFormat } from '@/lib/format/use-format';

/**
 * Where a chart's numbers come from (issue 40: "every chart says where its numbers come from and their time").
 * The premium, open interest, volatility and participants screens read the same kinds of data, so they name
 * them in the same words.
 */
export type DataSourceKind = 'live' | 'recorded' | 'simulated' | 'imported' | 'upstox' | 'kite' | 'dhan' | 'shoonya' | 'flattrade' | 'bhavcopy' | 'participants';

const sourceText = defineMessages<DataSourceKind>({
  live: { id: 'charts.source.live', defaultMessage: 'live feed' },
  recorded: { id: 'charts.source.recorded', defaultMessage: 'recorded from a live feed' },
  simulated: { id: 'charts.source.simulated', defaultMessage: 'simulated (not real prices)' },
  imported: { id: 'charts.source.imported', defaultMessage: 'imported (broker history, NSE files)' },
  upstox: { id: 'charts.source.upstox', defaultMessage: 'Upstox option candles, imported' },
  kite: { id: 'charts.source.kite', defaultMessage: 'Kite option candles, imported' },
  dhan: { id: 'charts.source.dhan', defaultMessage: 'Dhan option candles, imported' },
  shoonya: { id: 'charts.source.shoonya', defaultMessage: 'Shoonya option candles, imported' },
  flattrade: { id: 'charts.source.flattrade', defaultMessage: 'Flattrade option candles, imported' },
  bhavcopy: { id: 'charts.source.bhavcopy', defaultMessage: 'NSE bhavcopy, imported (end of day)' },
  participants: { id: 'charts.source.participants', defaultMessage: 'NSE participant-wise open interest, imported' },
});

const line = defineMessage<{ sources: MessageValue }>({ id: 'charts.source.line', defaultMessage: 'Source: {sources}.' });
const lineAsOf = defineMessage<{ sources: MessageValue; time: MessageValue }>({ id: 'charts.source.lineAsOf', defaultMessage: 'Source: {sources}. As of {time}.' });
const endOfDay = defineMessage<{ date: MessageValue }>({ id: 'charts.source.endOfDay', defaultMessage: '{date} (end of day)' });

/** The sources in words, each once, in the order given (the caller's most used first). */
export function useDataSourceWords(): (sources: readonly DataSourceKind[]) => string {
  const intl = useIntl();
  return (sources) => [...new Set(sources)].map((source) => intl.formatMessage(sourceText[source])).join(', ');
}

/**
 * "Source: …. As of …." under a chart. `asOf` is an instant shown with its time (`minute`), a day shown alone
 * (`day`), or a day whose figures are its close (`endOfDay`, a bhavcopy's or an NSE file's); without it, the sources
 * alone. No source, nothing: a chart with no figures has nothing to attribute.
 */
export function DataSource({
  sources,
  asOf,
  precision = 'minute',
  testId,
}: {
  sources: readonly DataSourceKind[];
  asOf: string | null;
  precision?: 'minute' | 'day' | 'endOfDay';
  testId?: string;
}) {
  const intl = useIntl();
  const { formatDate, formatDateTime } = useFormat();
  const words = useDataSourceWords();
  if (sources.length === 0) return null;
  const time =
    asOf === null ? null : precision === 'minute' ? formatDateTime(asOf) : precision === 'day' ? formatDate(asOf) : intl.formatMessage(endOfDay, { date: formatDate(asOf) });
  return (
    <p data-testid={testId} className="text-sm text-fg-muted">
      {time === null ? intl.formatMessage(line, { sources: words(sources) }) : intl.formatMessage(lineAsOf, { sources: words(sources), time })}
    </p>
  );
}
