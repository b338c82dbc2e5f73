import { useIntl } from 'react-intl';
import { useFormat } from '@/lib/format/use-format';
import { networkMessages, networkText } from '@/lib/network/network-messages';
import { useNetworkState } from '@/lib/network/use-online-status';

/**
 * Why nothing can be sent to the server now, in the trader's language, or null while it answers. Trading
 * controls show this as their reason: offline and "online but nothing answers" are told apart.
 */
export function useNetworkBlock(): string | null {
  const intl = useIntl();
  const { formatTime } = useFormat();
  const state = useNetworkState();
  if (state.kind === 'reachable') return null;
  if (state.kind === 'offline') return intl.formatMessage(networkMessages.tradingOffline);
  return intl.formatMessage(networkText.tradingUnreachable, { time: formatTime(state.since) });
}
