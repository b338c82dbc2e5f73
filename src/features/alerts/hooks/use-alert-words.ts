import { useIntl } from 'react-intl';
import type { PriceAlertCreate } from '@/features/alerts/api/alert-calls';
import { priceMessages as messages } from '@/features/alerts/alert-messages';
import { isIndexSymbol } from '@/features/alerts/model/alert-symbols';
import { useFormat } from '@/lib/format/use-format';

/**
 * How a price alert's figures read, on the list, in the form and in its confirmation: an index's in points
 * ("NIFTY above 26,042"), an option's in rupees ("NIFTY26D0124000CE above ₹140.00").
 */
export function useAlertWords() {
  const intl = useIntl();
  const { formatInr, formatNumber } = useFormat();
  const price = (symbol: string, value: number) =>
    isIndexSymbol(symbol) ? formatNumber(value, { maximumFractionDigits: 2 }) : formatInr(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const rule = ({ symbol, direction, level }: Pick<PriceAlertCreate, 'symbol' | 'direction' | 'level'>) =>
    intl.formatMessage(messages.rule, { symbol, direction, level: price(symbol, level) });
  return { price, rule };
}
