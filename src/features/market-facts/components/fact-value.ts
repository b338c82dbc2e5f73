import type { IntlShape } from 'react-intl';
import type { MarketFact } from '@/features/market-facts/api/get-market-facts';
import { marketFactsMessages as m } from '@/features/market-facts/market-facts-messages';
import { isolate } from '@/lib/format/isolate';
import type { BoundFormat } from '@/lib/format/use-format';

/** A time range as the exchange writes it (09:15–15:40), kept whole in right-to-left layouts. */
const range = (value: string) => isolate(value.replace('-', '–'));

/**
 * A fact's value (or a broker's value of the same fact) in the trader's language, read by its unit: numbers,
 * money and percentages through Intl, weekdays and cycles through the catalogue, times as the exchange writes them.
 */
export function factValue(fact: Pick<MarketFact, 'unit'>, value: string, intl: IntlShape, format: BoundFormat): string {
  switch (fact.unit) {
    case 'time_range':
      return range(value);
    case 'time':
      return isolate(value);
    case 'rupees':
      return format.formatInr(Number(value), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    case 'paise':
      return intl.formatMessage(m.perOrder, { amount: format.formatInr(Number(value) / 100) });
    case 'units':
      return format.formatNumber(Number(value));
    case 'fraction':
      return format.formatPercent(Number(value), { maximumFractionDigits: 5 });
    case 'band': {
      const [amount, fraction] = value.split('|').map(Number);
      return intl.formatMessage(m.band, { fraction: format.formatPercent(fraction ?? 0), amount: format.formatInr(amount ?? 0) });
    }
    case 'weekday':
      return intl.formatMessage(m.weekday, { day: value });
    case 'cycle':
      return intl.formatMessage(m.cycle, { cycle: value });
    case 'date':
      return format.formatDate(value);
    default:
      return value;
  }
}
