// Slicing at the freeze quantity, as Kite's autoslice does, for every broker: StrikeDesk plans the slices
// itself so each one is its own numbered order of the intent, paced at the rate limits and reconciled one
// by one after a lost answer (trading/paced-intent.ts).
import { DomainError } from '../domain-error.ts';
import type { Instrument, OrderIntent } from './broker-trading.ts';
import { refusalTexts } from '../texts/refusal-texts.ts';

type Sliceable = Pick<Instrument, 'lotSize' | 'tradingsymbol'> & { freezeQuantity: number };

/** The most one order may hold: the freeze quantity rounded down to whole lots. */
const maxPerOrderOf = (contract: Sliceable) => Math.max(contract.lotSize, Math.floor(contract.freezeQuantity / contract.lotSize) * contract.lotSize);

/** Splits a quantity into orders no larger than the freeze quantity (whole lots each). */
export function slices(quantity: number, contract: Sliceable): number[] {
  const maxPerOrder = maxPerOrderOf(contract);
  if (quantity <= maxPerOrder || quantity % contract.lotSize !== 0) return [quantity];
  const parts: number[] = [];
  for (let left = quantity; left > 0; left -= maxPerOrder) parts.push(Math.min(left, maxPerOrder));
  return parts;
}

/** An order that would need more than `maxSlices` slices is refused, never partly placed. */
export function refuseOversized(intent: OrderIntent, contract: Sliceable, field: string, maxSlices: number): void {
  const perOrder = maxPerOrderOf(contract);
  if (intent.quantity % contract.lotSize !== 0 || intent.quantity <= perOrder * maxSlices) return;
  throw DomainError.said(
    'too_many_orders',
    refusalTexts.tooManySlices(intent.quantity, contract.tradingsymbol, Math.ceil(intent.quantity / perOrder), perOrder, maxSlices),
    { field },
  );
}
