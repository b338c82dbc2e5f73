import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { MARKET_TIME_ZONE } from '@/i18n/locale';
import { isolate } from '@/lib/format/isolate';

/** A moment as the market's wall clock, hours and minutes ("09:20"), isolated for right-to-left text. */
export function useClockTime(): (at: string) => string {
  const intl = useIntl();
  return useCallback(
    (at: string) => isolate(intl.formatTime(at, { timeZone: MARKET_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })),
    [intl],
  );
}
