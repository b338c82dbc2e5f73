import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import { Link } from 'react-router-dom';
import { usePolled } from '@/app/trading/use-polled';
// The orders feature's own read of the switches, not the kill switch feature's: importing that from the
// desk would split it into a chunk of its own, one more file named by the entry (the first-visit budget).
import { getKillSwitchStates } from '@/features/orders/api/trading-calls';
import type { KillSwitchState as KillSwitch, TradingAccount } from '@/features/orders/api/trading-types';
import { isolate } from '@/lib/format/isolate';
import { useFormat } from '@/lib/format/use-format';
import { store } from '@/lib/store';
import { streamNoticesAtom } from '@/lib/network/stream-notices-atom';
import { killSwitchesAtom, readKillSwitches } from '@/lib/trading/kill-switches';

const messages = defineMessages({
  link: { id: 'live-trade.killSwitch.link', defaultMessage: 'Kill switch page' },
});

const onText = defineMessage<{ name: MessageValue; number: MessageValue; time: MessageValue }>({
  id: 'live-trade.killSwitch.on',
  defaultMessage: 'The kill switch of {name} ({number}) is on since {time}: new orders are refused until it is turned off. Exits still work.',
});

/**
 * A risk limit can turn the switch on at any moment: it is read again when the price stream says a switch
 * changed (and when the stream opens), or this often while no stream is open.
 */
const refreshMs = 15_000;

const readSwitches = () => readKillSwitches(getKillSwitchStates);

/**
 * The account's kill switch when it is on; null when off, or while it cannot be read (the server still
 * refuses, and says why). Read when told (polled without a stream), and shown from the switches' shared copy:
 * armed from the header, the notice shows at the answer, not at the next read.
 */
export function useArmedKillSwitch(account: TradingAccount | null): KillSwitch | null {
  const told = useAtomValue(streamNoticesAtom, { store });
  const { data, reload } = usePolled(account === null ? null : readSwitches, account?.account_number ?? '', told.open ? null : refreshMs);
  // Read once per notice or stream opened; not for what came before mounting (the first read covers it).
  const seen = useRef(told.killSwitch);
  useEffect(() => {
    if (told.killSwitch === seen.current) return;
    seen.current = told.killSwitch;
    reload();
  }, [told.killSwitch, reload]);
  const switches = useAtomValue(killSwitchesAtom, { store });
  if (data === null) return null;
  return switches?.find((entry) => entry.account_number === account?.account_number && entry.armed) ?? null;
}

/**
 * Says, before any order is typed, that the desk's account has its kill switch on (the server refuses its
 * entries), naming the account and linking to the page where it is turned off.
 */
export function KillSwitchNotice({ account, armed, compact = false }: { account: TradingAccount; armed: KillSwitch; compact?: boolean }) {
  const intl = useIntl();
  const { formatDateTime } = useFormat();
  return (
    <div role="alert" data-testid="kill-switch-notice" className={`rounded-lg border border-danger/50 bg-danger/10 text-sm text-fg ${compact ? 'p-2' : 'px-3 py-2'}`}>
      <p className="font-medium">
        {intl.formatMessage(onText, {
          name: isolate(account.name),
          number: isolate(account.account_number),
          time: armed.armed_at === null ? '\u2014' : formatDateTime(armed.armed_at),
        })}
      </p>
      <Link to="/app/kill-switch" className="inline-flex min-h-9 items-center font-medium text-brand underline">
        {intl.formatMessage(messages.link)}
      </Link>
    </div>
  );
}
