import { useState } from 'react';
import type { TicketDefaults, TicketQuote } from '@/features/orders/components/order-ticket';
import type { TicketValues } from '@/features/orders/components/ticket-fields';
import { defaultProduct, type MisWindow } from '@/features/orders/model/product-default';

/**
 * The ticket's fields as the trader left them, from the trade defaults. The product is the one the trader
 * picked, else the default: NRML once MIS closes for the day, even while the ticket is open (the stream tells
 * the cut-off as it comes, and an untouched choice follows it). `change` merges what changed.
 */
export function useTicketValues(defaults: TicketDefaults, initialLots: number | null | undefined, quote: TicketQuote | null, mis: MisWindow | null) {
  const [fields, setFields] = useState<Omit<TicketValues, 'product'>>(() => ({
    lotsText: String(initialLots ?? defaults.lots),
    type: defaults.order_type,
    priceText: quote === null ? '' : quote.last_price.toFixed(2),
    triggerText: '',
  }));
  const [chosen, setChosen] = useState<TicketValues['product'] | null>(null);
  const values: TicketValues = { ...fields, product: chosen ?? defaultProduct(defaults.product, mis) };
  const change = ({ product, ...changes }: Partial<TicketValues>) => {
    if (product !== undefined) setChosen(product);
    setFields((current) => ({ ...current, ...changes }));
  };
  return [values, change] as const;
}
