import { useIntl } from 'react-intl';
import SignalSlashIcon from '@heroicons/react/24/outline/SignalSlashIcon';
import { useFormat } from '@/lib/format/use-format';
import { networkMessages, networkText } from '@/lib/network/network-messages';
import { useNetworkState } from '@/lib/network/use-online-status';

/**
 * Tells the trader at a glance that the server cannot be reached (flaky mobile networks are the norm), and
 * since when: "Offline" when the device says so, "No connection" when it claims one but nothing answers (a
 * captive portal, dead Wi-Fi). The one place that names the cause; screens only say "as of".
 */
export function OfflineBadge() {
  const intl = useIntl();
  const { formatTime } = useFormat();
  const state = useNetworkState();
  if (state.kind === 'reachable') return null;
  const offline = state.kind === 'offline';
  const hint = intl.formatMessage(offline ? networkText.offlineHint : networkText.unreachableHint, { time: formatTime(state.since) });
  return (
    <span
      role="status"
      title={hint}
      data-network={state.kind}
      className="inline-flex items-center gap-1 rounded-full bg-warn/15 px-2.5 py-1 text-xs font-semibold text-warn"
    >
      <SignalSlashIcon className="size-4" aria-hidden="true" />
      {intl.formatMessage(offline ? networkMessages.offlineBadge : networkMessages.unreachableBadge)}
      <span className="sr-only">{hint}</span>
    </span>
  );
}
