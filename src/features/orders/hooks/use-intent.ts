import { useCallback, useRef, useState } from 'react';
import { newIntentKey, sendIntent, type IntentOutcome } from '@/features/orders/api/send-intent';
import type { Order } from '@/features/orders/api/trading-types';

/**
 * One trading intent on screen: its key (kept while its outcome is unknown, so sending it again cannot place
 * twice; renewed once the outcome is known or the trader changes the intent), its pending flag (a second
 * tap while pending does nothing) and its final outcome. `ask`, when given, runs before anything is sent
 * (the first live order of the day's confirmation): a no sends nothing and leaves no outcome.
 */
export function useIntent(accountNumber: string | null, ask?: () => Promise<boolean>) {
  const key = useRef(newIntentKey());
  const inFlight = useRef(false);
  const [pending, setPending] = useState(false);
  const [checking, setChecking] = useState(false);
  const [outcome, setOutcome] = useState<IntentOutcome | null>(null);

  const run = useCallback(
    async (send: (key: string) => Promise<Order[]>): Promise<IntentOutcome | null> => {
      if (inFlight.current || accountNumber === null) return null;
      // Taken before asking, so a second tap cannot open a second question or send twice.
      inFlight.current = true;
      try {
        if (ask !== undefined && !(await ask())) return null;
        setPending(true);
        setOutcome(null);
        const result = await sendIntent(key.current, accountNumber, send, { onChecking: () => setChecking(true) });
        if (result.kind !== 'unknown') key.current = newIntentKey();
        setOutcome(result);
        return result;
      } finally {
        inFlight.current = false;
        setChecking(false);
        setPending(false);
      }
    },
    [accountNumber, ask],
  );

  /** The trader changed what they intend: a new key, and the last outcome no longer describes the form. */
  const changed = useCallback(() => {
    if (inFlight.current) return;
    key.current = newIntentKey();
    setOutcome(null);
  }, []);

  return { run, pending, checking, outcome, changed };
}
