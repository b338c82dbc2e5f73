import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { newIntentKey, sendIntent, type IntentOutcome } from '@/features/orders/api/send-intent';
import type { Order } from '@/features/orders/api/trading-types';
import { settledIntentsAtom } from '@/features/orders/atoms/unknown-intents-atom';
import { rememberUnknownIntent } from '@/features/orders/model/settle-unknown-intents';
import { store } from '@/lib/store';

/**
 * One trading intent on screen: its key (kept while its outcome is unknown, so sending it again cannot place
 * twice; renewed once the outcome is known or the trader changes the intent), its pending flag (a second
 * tap while pending does nothing) and its final outcome. `ask`, when given, runs before anything is sent
 * (the first live order of the day's confirmation): a no sends nothing and leaves no outcome. An unknown
 * outcome is handed to settle-unknown-intents.ts, which reads the order book when the server answers again;
 * the outcome shown then becomes the one the book gave, with no action from the trader.
 */
export function useIntent(accountNumber: string | null, ask?: () => Promise<boolean>) {
  const key = useRef(newIntentKey());
  const inFlight = useRef(false);
  const [pending, setPending] = useState(false);
  const [checking, setChecking] = useState(false);
  const [sent, setOutcome] = useState<{ key: string; outcome: IntentOutcome } | null>(null);
  const settled = useAtomValue(settledIntentsAtom, { store });
  const outcome = sent === null ? null : sent.outcome.kind === 'unknown' ? (settled.get(sent.key) ?? sent.outcome) : sent.outcome;
  // Settled from the order book: the intent is over, and the next send is a new one with its own key.
  useEffect(() => {
    if (sent !== null && settled.has(sent.key) && key.current === sent.key) key.current = newIntentKey();
  }, [sent, settled]);

  const run = useCallback(
    async (send: (key: string) => Promise<Order[]>): Promise<IntentOutcome | null> => {
      if (inFlight.current || accountNumber === null) return null;
      // Taken before asking, so a second tap cannot open a second question or send twice.
      inFlight.current = true;
      try {
        if (ask !== undefined && !(await ask())) return null;
        setPending(true);
        setOutcome(null);
        const sentKey = key.current;
        const result = await sendIntent(sentKey, accountNumber, send, { onChecking: () => setChecking(true) });
        if (result.kind !== 'unknown') key.current = newIntentKey();
        else rememberUnknownIntent({ key: sentKey, accountNumber, since: Date.now() });
        setOutcome({ key: sentKey, outcome: result });
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
