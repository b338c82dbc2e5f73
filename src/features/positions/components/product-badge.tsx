import { defineMessage, useIntl, type MessageValue } from 'react-intl';
import type { Position } from '@/features/positions/api/position-calls';
import { productHints, productMessages } from '@/features/positions/product-messages';

const spokenProduct = defineMessage<{ product: MessageValue; hint: MessageValue }>({ id: 'positions.product.spoken', defaultMessage: '{product}: {hint}' });

const tones: Record<Position['product'], string> = {
  // Intraday stands out: the broker closes it at 15:25 whatever the trader does.
  MIS: 'border-warn/50 bg-warn/10 text-fg',
  NRML: 'border-line bg-surface-muted text-fg-muted',
};

/** MIS or NRML, told apart by word, outline and a hint read with it (never colour alone). */
export function ProductBadge({ product }: { product: Position['product'] }) {
  const intl = useIntl();
  const hint = intl.formatMessage(productHints[product]);
  return (
    <span className={`inline-flex shrink-0 items-center rounded border px-1.5 py-0.5 text-xs font-semibold ${tones[product]}`} title={hint} data-field="product">
      <span aria-hidden="true">{intl.formatMessage(productMessages[product])}</span>
      <span className="sr-only">{intl.formatMessage(spokenProduct, { product: intl.formatMessage(productMessages[product]), hint })}</span>
    </span>
  );
}
