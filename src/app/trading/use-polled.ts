import { useCallback, useEffect, useRef, useState } from 'react';
import { readSnapshot, saveSnapshot } from '@/lib/persist/snapshot';
import { useReloadWhenOnline } from '@/lib/network/use-reload-when-online';

/**
 * Broker data a screen follows live: read when `key` changes, again every `intervalMs` while the page is
 * visible and online (never when it is null: the price stream tells when to read, use-order-notices.ts), and
 * on `reload()`. A failed read empties it (spec §4: a failed positions fetch
 * empties the list) so no figure outlives the data behind it; `failed` says why. The one exception is the
 * device's snapshot (`snapshot` names it): each good read is kept, and when a read fails the last kept one
 * shows instead, with `asOf` saying when it was fetched, read-only (trading needs the network anyway).
 * `load` is null while there is nothing to read (no account yet). A read that gives back the value already
 * shown (the order book when nothing changed: `load` returns the same object) is not kept again: writing a
 * day of 10,000 orders to IndexedDB clones them all on the main thread, a 70-150 ms task every poll (issue 37).
 * The timer never starts a read while one is still unanswered: a server slower than `intervalMs` (a replay's book
 * opening) otherwise got a new read every interval, each held up to the time-out, until they filled the browser's
 * six connections to the server and every other request, the reachability probe too, waited behind them ("No answer
 * from the server", session 77, docs/testing.md).
 */
export function usePolled<T>(load: (() => Promise<T>) | null, key: string, intervalMs: number | null, snapshot?: string) {
  // What was read, for which key: after a change of key (another account or day) nothing of the old one shows.
  const [read, setRead] = useState<{ key: string; value: T; asOf: number | null } | null>(null);
  const [failed, setFailed] = useState(false);
  const [stamp, setStamp] = useState(0);
  const reload = useCallback(() => setStamp((value) => value + 1), []);
  const snapshotName = snapshot === undefined ? null : `${snapshot}:${key}`;
  const kept = useRef<{ name: string; value: T } | null>(null);
  /** Reads started and not yet settled (of any key): the timer waits while there is one. */
  const unanswered = useRef(0);

  useEffect(() => {
    if (load === null) return;
    let current = true;
    unanswered.current += 1;
    load()
      .finally(() => {
        unanswered.current -= 1;
      })
      .then((value) => {
        if (!current) return;
        setRead((old) => (old !== null && old.key === key && old.value === value && old.asOf === null ? old : { key, value, asOf: null }));
        setFailed(false);
        if (snapshotName !== null && (kept.current?.name !== snapshotName || kept.current.value !== value)) {
          kept.current = { name: snapshotName, value };
          saveSnapshot(snapshotName, value);
        }
      })
      .catch(async () => {
        const last = snapshotName === null ? null : await readSnapshot<T>(snapshotName);
        if (!current) return;
        setRead(last === null ? null : { key, value: last.value, asOf: last.at });
        setFailed(true);
      });
    return () => {
      current = false;
    };
    // `load` is rebuilt on every render; `key` names what it reads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, stamp]);

  useEffect(() => {
    if (intervalMs === null) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible' && navigator.onLine && unanswered.current === 0) reload();
    }, intervalMs);
    return () => clearInterval(timer);
  }, [reload, intervalMs]);

  useReloadWhenOnline(failed, reload);
  const current = read !== null && read.key === key ? read : null;
  return { data: current?.value ?? null, asOf: current?.asOf ?? null, failed, reload };
}
