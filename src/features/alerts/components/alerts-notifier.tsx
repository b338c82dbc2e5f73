import { useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { Alert, AlertSeverity } from '@/features/alerts/api/alert-calls';
import { alertMessages } from '@/features/alerts/alert-messages';
import { pollNewAlerts } from '@/features/alerts/model/poll-new-alerts';
import { priceAlertsStampAtom } from '@/features/alerts/model/price-alerts-stamp';
import { unreadAlertsAtom } from '@/features/alerts/model/unread-alerts';
import type { NotificationKind } from '@/lib/notify/notifications-atom';
import { sayServerText } from '@/i18n/say-server-text';
import { notify } from '@/lib/notify/notify';

/** Danger is an error toast, which the toaster announces assertively (role=alert); the rest politely. */
const kinds: Record<AlertSeverity, NotificationKind> = { danger: 'error', warning: 'warning', success: 'success', info: 'info' };
/** The toaster keeps three: a bigger burst is one summary rather than three of many. */
const MAX_TOASTS = 3;

export function showNewAlerts(alerts: readonly Alert[], intl: IntlShape): void {
  if (alerts.length > MAX_TOASTS) {
    const danger = alerts.some((alert) => alert.severity === 'danger');
    notify({ kind: danger ? 'error' : 'info', title: alertMessages.newAlerts, description: alertMessages.newAlertsHint, values: { count: alerts.length } });
    return;
  }
  // The server's own words in the interface language, shown as text (the toaster never renders them as HTML).
  for (const alert of alerts) {
    const body = sayServerText(intl, alert.body_i18n, alert.body);
    notify({ kind: kinds[alert.severity], title: sayServerText(intl, alert.title_i18n, alert.title), description: body === '' ? undefined : body });
  }
}

/**
 * The in-app notifications of new alerts, the unread count for the menu's badge, and the price-alert list's
 * cue to read itself again when one of them fired. Rendered by the
 * signed-in layout through React.lazy, so none of this (nor the alerts API) is in the first visit's
 * download; it renders nothing itself. Signing out unmounts it and forgets the count.
 */
export function AlertsNotifier() {
  const setUnread = useSetAtom(unreadAlertsAtom);
  const setPriceAlertsStamp = useSetAtom(priceAlertsStampAtom);
  const intl = useIntl();
  // The poll outlives renders: it words each toast in the language on screen when the alert arrives.
  const intlNow = useRef(intl);
  useEffect(() => {
    intlNow.current = intl;
  }, [intl]);
  useEffect(() => {
    const stop = pollNewAlerts((alerts) => {
      showNewAlerts(alerts, intlNow.current);
      // A price alert fired (or expired): its list's state, count and last price changed on the server.
      if (alerts.some((alert) => alert.category === 'price')) setPriceAlertsStamp((value) => value + 1);
    }, setUnread);
    return () => {
      stop();
      setUnread(null);
    };
  }, [setUnread, setPriceAlertsStamp]);
  return null;
}
