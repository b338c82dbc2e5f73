/**
 * Turns every "outcome unknown" into its final state with no action from the trader (issue 24). An intent
 * whose answer was lost while the network was failing stays unknown only until the server answers again:
 * then its orders are looked up in the order book by the intent's key (send-intent.ts `reconcile`), never
 * sent again. Found or definitely not placed, the outcome is recorded for the ticket that sent it and the
 * trader is told through `onSettled`. While the server answers but the book still cannot be read (a 5xx),
 * the lookup is tried again every few seconds.
 */
import { reconcile, type IntentOutcome } from '@/features/orders/api/send-intent';
import { settledIntentsAtom, unknownIntentsAtom, type UnknownIntent } from '@/features/orders/atoms/unknown-intents-atom';
import { networkStateAtom } from '@/lib/network/network-atom';
import { store } from '@/lib/store';

export const settleRetryMs = 10_000;

type Reconcile = (key: string, accountNumber: string) => Promise<IntentOutcome>;

export function rememberUnknownIntent(intent: UnknownIntent): void {
  const next = new Map(store.get(unknownIntentsAtom));
  next.set(intent.key, intent);
  store.set(unknownIntentsAtom, next);
}

function settle(key: string, outcome: IntentOutcome): void {
  const unknown = new Map(store.get(unknownIntentsAtom));
  unknown.delete(key);
  store.set(unknownIntentsAtom, unknown);
  store.set(settledIntentsAtom, new Map(store.get(settledIntentsAtom)).set(key, outcome));
}

/**
 * Follows the network state and the unknown intents until the returned function is called. `lookUp` is the
 * order-book reconciliation (tests pass a quick one).
 */
export function startSettlingUnknownIntents(
  onSettled: (intent: UnknownIntent, outcome: IntentOutcome) => void,
  lookUp: Reconcile = (key, accountNumber) => reconcile(key, accountNumber),
): () => void {
  let running = false;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const run = async () => {
    clearTimeout(retry);
    retry = undefined;
    if (running || stopped || store.get(networkStateAtom).kind !== 'reachable') return;
    const waiting = [...store.get(unknownIntentsAtom).values()];
    if (waiting.length === 0) return;
    running = true;
    try {
      for (const intent of waiting) {
        const outcome = await lookUp(intent.key, intent.accountNumber);
        if (stopped) return;
        if (outcome.kind === 'unknown') continue;
        settle(intent.key, outcome);
        onSettled(intent, outcome);
      }
    } finally {
      running = false;
    }
    if (!stopped && store.get(unknownIntentsAtom).size > 0) retry = setTimeout(() => void run(), settleRetryMs);
  };

  const unsubscribeNetwork = store.sub(networkStateAtom, () => void run());
  const unsubscribeIntents = store.sub(unknownIntentsAtom, () => void run());
  void run();
  return () => {
    stopped = true;
    clearTimeout(retry);
    unsubscribeNetwork();
    unsubscribeIntents();
  };
}
