import { indexChoices, getIndexConfig, type IndexChoice } from '@/features/analytics/api/analytics-reads';
import { indexNames } from '@/features/analytics/api/chart-bars';
import { useAnalyticsRead } from '@/features/analytics/hooks/use-analytics-read';

/** Before index_config has answered (or when it cannot): the indices by name only, no lot size assumed. */
const byName: IndexChoice[] = indexNames.map((index) => ({ index, lotSize: null }));

const istToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

/** The indices a picker offers and their lot sizes, as index_config says (read once per screen). */
export function useIndexChoices(): IndexChoice[] {
  const read = useAnalyticsRead(getIndexConfig, 'index-config');
  const choices = read.answer === null ? [] : indexChoices(read.answer.value, istToday());
  return choices.length > 0 ? choices : byName;
}
