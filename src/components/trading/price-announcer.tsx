import { useId, useState } from 'react';
import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import { useThrottledText } from '@/lib/a11y/use-throttled-text';
import { useFormat } from '@/lib/format/use-format';

/** How often at most the chosen contract's price is spoken: often enough to follow, not a flood. */
export const announceEveryMs = 5000;

const messages = defineMessages({
  toggle: { id: 'market.announce.toggle', defaultMessage: 'Announce its price to screen readers (at most every 5 seconds)' },
});
const priceText = defineMessage<{ symbol: MessageValue; price: MessageValue }>({ id: 'market.announce.price', defaultMessage: '{symbol}: {price}' });

/**
 * An opt-in spoken price for one contract: off by default (a price ticking every second would drown
 * everything else a screen reader says); once on, a polite live region says the last price at most every
 * {@link announceEveryMs}, and only when it changed.
 */
export function PriceAnnouncer({ symbol, lastPrice }: { symbol: string; lastPrice: number | null }) {
  const intl = useIntl();
  const { formatNumber } = useFormat();
  const id = useId();
  const [on, setOn] = useState(false);
  const text = on && lastPrice !== null ? intl.formatMessage(priceText, { symbol, price: formatNumber(lastPrice, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) }) : null;
  const spoken = useThrottledText(text, announceEveryMs);
  return (
    <div className="flex flex-col">
      <label htmlFor={id} className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm text-fg">
        <input id={id} type="checkbox" checked={on} onChange={(event) => setOn(event.currentTarget.checked)} className="size-4 shrink-0 accent-brand" />
        {intl.formatMessage(messages.toggle)}
      </label>
      {/* Present from the first render: a live region added with its text is not reliably spoken. */}
      <p aria-live="polite" className="sr-only" data-testid="price-announcement">
        {spoken}
      </p>
    </div>
  );
}
