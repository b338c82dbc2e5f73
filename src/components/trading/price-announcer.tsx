import { defineMessage, useIntl, type MessageValue } from 'react-intl';
import { useThrottledText } from '@/lib/a11y/use-throttled-text';
import { useFormat } from '@/lib/format/use-format';
import { preferencesAtom } from '@/lib/preferences/preferences-atom';
import { useStoreValue } from '@/lib/use-store-atom';

/** How often at most the chosen contract's price is spoken: often enough to follow, not a flood. */
export const announceEveryMs = 5000;

const priceText = defineMessage<{ symbol: MessageValue; price: MessageValue }>({ id: 'market.announce.price', defaultMessage: '{symbol}: {price}' });

/**
 * The spoken price of one contract, when the trader asked for it in Settings › Accessibility (off by
 * default: a price ticking every second would drown everything else a screen reader says): a polite live
 * region saying the last price at most every {@link announceEveryMs}, and only when it changed. The choice
 * lives in settings, not on the ticket, where its checkbox stood between the trader and the Buy button.
 */
export function PriceAnnouncer({ symbol, lastPrice }: { symbol: string; lastPrice: number | null }) {
  const intl = useIntl();
  const { formatNumber } = useFormat();
  const on = useStoreValue(preferencesAtom).announcePrices;
  const text = on && lastPrice !== null ? intl.formatMessage(priceText, { symbol, price: formatNumber(lastPrice, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) }) : null;
  const spoken = useThrottledText(text, announceEveryMs);
  return (
    // Present from the first render: a live region added with its text is not reliably spoken.
    <p aria-live="polite" className="sr-only" data-testid="price-announcement">
      {spoken}
    </p>
  );
}
