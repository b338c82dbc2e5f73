import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TradingAccount } from '@/features/orders/api/trading-types';
import { liveOrdersConfirmed, rememberLiveOrdersConfirmed } from '@/lib/trading/live-order-confirmations';
import { tradingModeOf } from '@/lib/trading/trading-mode';
import { userDataAtom } from '@/lib/session/user-profile-atoms';
import { store } from '@/lib/store';

export type LiveOrderQuestion = {
  /** The account asked about while the question is open; null when nothing is asked. */
  account: TradingAccount | null;
  onAnswer: (yes: boolean) => void;
};

/**
 * Before an order on a live account, the first of the day (IST) asks the trader to confirm, naming the
 * account; once confirmed, that account's later live orders today go straight through, after a reload too
 * (lib/trading/live-order-confirmations). Paper accounts never ask. `ask` resolves true to send, false to
 * send nothing; `question` is what LiveOrderDialog shows.
 */
export function useLiveOrderGate(account: TradingAccount | null) {
  const userId = useAtomValue(userDataAtom, { store })?.id ?? null;
  const [asked, setAsked] = useState<TradingAccount | null>(null);
  const answer = useRef<((yes: boolean) => void) | null>(null);
  // A screen that goes away while asking sends nothing.
  useEffect(() => () => answer.current?.(false), []);

  const ask = useCallback(async (): Promise<boolean> => {
    if (account === null || tradingModeOf(account) !== 'live') return true;
    if (await liveOrdersConfirmed(userId, account.id, Date.now())) return true;
    const yes = await new Promise<boolean>((resolve) => {
      answer.current = resolve;
      setAsked(account);
    });
    answer.current = null;
    setAsked(null);
    if (yes) await rememberLiveOrdersConfirmed(userId, account.id, Date.now());
    return yes;
  }, [account, userId]);

  const question: LiveOrderQuestion = { account: asked, onAnswer: (yes) => answer.current?.(yes) };
  return { ask, question };
}
