import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import type { Expiry } from '@/features/market/api/get-expiries';
import { strikeRanges, type StrikeRange } from '@/features/market/chain/strike-window';
import type { ChainChoice } from '@/features/market/hooks/use-chain-choice';
import { UnderlyingSearch } from '@/components/trading/underlying-search';
import { SelectField } from '@/components/ui/select-field';
import { cx } from '@/components/ui/class-names';
import { useFormat } from '@/lib/format/use-format';

const messages = defineMessages({
  expiry: { id: 'market.chain.expiry', defaultMessage: 'Expiry' },
  range: { id: 'market.chain.range', defaultMessage: 'Strikes' },
  rangeAll: { id: 'market.chain.rangeAll', defaultMessage: 'All' },
  weekly: { id: 'market.chain.weekly', defaultMessage: 'weekly' },
  monthly: { id: 'market.chain.monthly', defaultMessage: 'monthly' },
  allStrikes: { id: 'market.chain.summaryAll', defaultMessage: 'all strikes' },
});
const expiryText = defineMessage<{ date: MessageValue; kind: MessageValue }>({ id: 'market.chain.expiryValue', defaultMessage: '{date} ({kind})' });
const aroundText = defineMessage<{ count: MessageValue }>({ id: 'market.chain.rangeAround', defaultMessage: '±{count}' });
const aroundSummary = defineMessage<{ count: MessageValue }>({ id: 'market.chain.summaryAround', defaultMessage: '±{count} strikes' });

/**
 * The chain's choice in words for a one-line summary: the index, the expiry's day ("1 Dec") and the strikes
 * ("±10 strikes"), each null until known.
 */
export function useChainChoiceWords(choice: ChainChoice): { index: string; expiry: string | null; range: string | null } {
  const intl = useIntl();
  const { formatNumber, formatDayMonth } = useFormat();
  const expiry = choice.expiry === null ? null : formatDayMonth(choice.expiry);
  const range = choice.range === null ? null : choice.range === 'all' ? intl.formatMessage(messages.allStrikes) : intl.formatMessage(aroundSummary, { count: formatNumber(Number(choice.range)) });
  return { index: choice.index, expiry, range };
}

/**
 * Underlying (one search box for any index or F&O stock), strikes and expiry. `layout` inline: a laptop's row over the chain (from 576 px its empty message
 * lines tuck under the figures, so the first screen shows one more strike); stacked: one per line (a sheet).
 */
export function ChainPickers({ choice, layout = 'inline' }: { choice: ChainChoice; layout?: 'inline' | 'stacked' }) {
  const intl = useIntl();
  const { formatNumber, formatDate } = useFormat();
  const inline = layout === 'inline';
  const expiryLabel = (item: Expiry) =>
    intl.formatMessage(expiryText, {
      date: formatDate(item.date),
      kind: intl.formatMessage(item.kind === 'weekly' ? messages.weekly : messages.monthly),
    });
  const rangeLabel = (option: StrikeRange) =>
    option === 'all' ? intl.formatMessage(messages.rangeAll) : intl.formatMessage(aroundText, { count: formatNumber(Number(option)) });
  return (
    <>
      <UnderlyingSearch value={choice.index} onPick={choice.pick} className={cx('min-w-0', inline && 'sm:w-56')} />
      <SelectField
        label={intl.formatMessage(messages.range)}
        value={choice.range ?? ''}
        onChange={(event) => choice.setRange(strikeRanges.find((option) => option === event.target.value) ?? 'all')}
        disabled={choice.range === null}
        className={cx('min-w-0', inline && 'sm:w-32')}
      >
        {strikeRanges.map((option) => (
          <option key={option} value={option}>
            {rangeLabel(option)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={intl.formatMessage(messages.expiry)}
        value={choice.expiry ?? ''}
        onChange={(event) => choice.setExpiry(event.target.value)}
        disabled={choice.expiries === undefined}
        className={cx('col-span-2 min-w-0', inline && 'sm:w-72')}
      >
        {(choice.expiries ?? []).map((item) => (
          <option key={item.date} value={item.date}>
            {expiryLabel(item)}
          </option>
        ))}
      </SelectField>
    </>
  );
}
