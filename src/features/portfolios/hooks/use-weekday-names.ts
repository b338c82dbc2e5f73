import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { WEEKDAYS } from '@/features/portfolios/model/market-hours';

// 1 January 2024 was a Monday, so ISO weekday d falls on 2024-01-0d (read in UTC, whatever the device's zone).
const dayOf = (weekday: number) => new Date(Date.UTC(2024, 0, weekday));

/** Monday to Friday in the language on screen, by ISO weekday (1 Monday … 5 Friday). */
export function useWeekdayNames(width: 'short' | 'long'): ReadonlyMap<number, string> {
  const intl = useIntl();
  return useMemo(
    () => new Map(WEEKDAYS.map((day) => [day, intl.formatDate(dayOf(day), { weekday: width, timeZone: 'UTC' })])),
    [intl, width],
  );
}
