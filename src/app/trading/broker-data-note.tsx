import type { ReactNode } from 'react';

/** Says once, above the data, that the broker's data is not fresh (session expired: last known state). */
export function BrokerDataNote({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-md border border-warn bg-warn/10 p-2 text-sm text-fg">
      {children}
    </p>
  );
}
