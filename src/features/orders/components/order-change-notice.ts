import type { MessageDescriptor } from 'react-intl';
import type { IntentOutcome } from '@/features/orders/api/send-intent';
import type { Order } from '@/features/orders/api/trading-types';
import { notify } from '@/lib/notify/notify';

/** The orders the broker's answer (or the order book, read after a lost answer) gave for an intent; else none. */
export const answeredOrders = (outcome: IntentOutcome | null): Order[] =>
  outcome !== null && (outcome.kind === 'answered' || outcome.kind === 'found') ? outcome.orders : [];

/**
 * A modification or cancellation that did what the trader asked: the dialog closes itself, and this says so
 * once, with the order's state now ("open, waiting at ₹120.50", "filled at …", "cancelled"). A failure is no
 * notice: its dialog stays open with the reason (issue 36: "Done" over a toast was a tap too many).
 */
export function tellOrderChanged(title: MessageDescriptor, symbol: string, states: readonly string[]): void {
  notify({ kind: 'success', title, values: { symbol }, description: states.join(' ') });
}
