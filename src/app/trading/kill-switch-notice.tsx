import { useAtomValue } from 'jotai';
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
import { killSwitchesAtom, readKillSwitches } from '@/lib/trading/kill-switches';

const messages = defineMessages({
  link: { id: 'live-trade.killSwitch.link', defaultMessage: 'Kill switch page' },
});

const onText = defineMessage<{ name: MessageValue; number: MessageValue; time: MessageValue }>({
  id: 'live-trade.killSwitch.on',
  defaultMessage: 'The kill switch of {name} ({number}) is on since {time}: new orders are refused until it is turned off. Exits still work.',
});

/** A risk limit can turn the switch on at any moment: it is read again this often while the desk is open. */
const refreshMs = 15_000;

const readSwitches = () => readKillSwitches(getKillSwitchStates);

/**
 * The account's kill switch when it is on; null when off, or while it cannot be read (the server still
 * refuses, and says why). Polled, and shown from the switches' shared copy: armed from the header, the
 * notice shows at the answer, not at the next poll.
 */
export function useArmedKillSwitch(account: TradingAccount | null): KillSwitch | null {
  const { data } = usePolled(account === null ? null : readSwitches, account?.account_number ?? '', refreshMs);
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
