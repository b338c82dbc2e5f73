import { useCallback, useState } from 'react';
import { defineMessage, useIntl } from 'react-intl';
import type { BrokerAccount } from '@/features/brokers/api/broker-types';
import { usePageRestored } from '@/features/brokers/hooks/use-page-restored';
import { startBrokerLogin } from '@/features/brokers/start-broker-login';
import { sayRefusal } from '@/i18n/say-refusal';
import { localeFromIntl } from '@/i18n/locale';
import { isApiError } from '@/lib/api/api-error';
import { notify } from '@/lib/notify/notify';

const loginFailed = defineMessage({ id: 'brokers.loginLinkFailed', defaultMessage: 'Could not open the broker’s login page' });

/** Opens an account's broker login page; `loggingInId` stays set while the page is leaving. */
export function useStartLogin() {
  const intl = useIntl();
  const [loggingInId, setLoggingInId] = useState<number | null>(null);
  usePageRestored(useCallback(() => setLoggingInId(null), []));
  const logIn = (account: BrokerAccount) => {
    setLoggingInId(account.id);
    startBrokerLogin(account, localeFromIntl(intl.locale)).catch((error: unknown) => {
      setLoggingInId(null);
      // Catalogue failures were already notified by the app; a refusal says why in the server's words.
      if (isApiError(error) && error.kind === 'rejected') notify({ kind: 'error', title: loginFailed, description: sayRefusal(intl, error) });
    });
  };
  return { loggingInId, logIn };
}
