import { useEffect, type ReactNode } from 'react';
import type { TradingDesk } from '@/app/trading/use-trading-desk';
import { RestartLoginButton } from '@/features/brokers/components/restart-login-button';

/** What the note needs of the desk: whose data it is, and whether the desk still thinks its session open. */
export type NoteDesk = Pick<TradingDesk, 'account' | 'sessionOpen' | 'reload'>;

/**
 * Says once, above the data, that the broker's data is not fresh (session expired: last known state), and asks
 * the trader to log in to the broker again, right there. A session can end at the broker (Kite's 06:00 IST, a
 * login elsewhere) while the desk's account list still says open: the list is read again so every trading
 * control waits for the new login instead of sending orders the broker will refuse.
 */
export function BrokerDataNote({ desk, children }: { desk: NoteDesk; children: ReactNode }) {
  const { sessionOpen, reload } = desk;
  useEffect(() => {
    if (sessionOpen) reload();
  }, [sessionOpen, reload]);
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-warn bg-warn/10 p-2">
      <p role="status" className="min-w-0 flex-1 basis-64 text-sm text-fg">
        {children}
      </p>
      {desk.account !== null && <RestartLoginButton accountId={desk.account.id} />}
    </div>
  );
}
