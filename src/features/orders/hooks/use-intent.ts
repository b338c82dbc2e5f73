import { useCallback, useRef, useState } from 'react';
import { newIntentKey, sendIntent, type IntentOutcome } from '@/features/orders/api/send-intent';
import type { Order } from '@/features/orders/api/trading-types';

/**
 * One trading intent on screen: its key (kept while its outcome is unknown, so sending it again cannot place
 * twice; renewed once the outcome is known or the trader changes the intent), its pending flag (a second
 * tap while pending does nothing) and its final outcome.
 */
export function useIntent(accountNumber: string | null) {
  const key = useRef(newIntentKey());
  const inFlight = useRef(false);
  const [pending, setPending] = useState(false);
  const [checking, setChecking] = useState(false);
  const [outcome, setOutcome] = useState<IntentOutcome | null>(null);

  const run = useCallback(
    async (send: (key: string) => Promise<Order[]>): Promise<IntentOutcome | null> => {
      if (inFlight.current || accountNumber === null) return null;
      inFlight.current = true;
      setPending(true);
      setOutcome(null);
      try {
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
    [accountNumber],
  );

  /** The trader changed what they intend: a new key, and the last outcome no longer describes the form. */
  const changed = useCallback(() => {
    if (inFlight.current) return;
    key.current = newIntentKey();
    setOutcome(null);
  }, []);

  return { run, pending, checking, outcome, changed };
}
