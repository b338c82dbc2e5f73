import ArrowLeftStartOnRectangleIcon from '@heroicons/react/20/solid/ArrowLeftStartOnRectangleIcon';
import { defineMessage, type MessageValue, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import type { Broker, BrokerAccount } from '@/features/brokers/api/broker-types';
import { brokersMessages } from '@/features/brokers/brokers-messages';
import { LoginButton } from '@/features/brokers/components/login-button';
import { PastedTokenLogin } from '@/features/brokers/components/pasted-token-login';
import { isSessionOpen } from '@/lib/session/session-open';

// Starts with the button's visible words, so a voice-control user can say what they see (WCAG 2.5.3).
const logOutLabel = defineMessage<{ account: MessageValue }>({
  id: 'brokers.logOutAccount',
  defaultMessage: 'Log out of broker: {account}',
});

type SessionActionsProps = {
  account: BrokerAccount;
  broker: Broker | undefined;
  onLogIn: (account: BrokerAccount) => void;
  onLogOut: (account: BrokerAccount) => void;
  loggingInId: number | null;
  offline: boolean;
};

/** What the trader can do with the broker session: log in while it is closed; log in again or out while open. */
export function SessionActions({ account, broker, onLogIn, onLogOut, loggingInId, offline }: SessionActionsProps) {
  const intl = useIntl();
  const login = { account, broker, onLogIn, loggingInId, offline };
  if (!isSessionOpen(account)) {
    // A broker whose own site issues a day's token the trader may paste (Dhan's), as the server's brokers list says.
    if (broker?.capabilities.access_token_login !== true) return <LoginButton {...login} />;
    return (
      <div className="flex w-full flex-col items-start gap-2">
        <LoginButton {...login} />
        <PastedTokenLogin account={account} offline={offline} />
      </div>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      <LoginButton {...login} again />
      <Button
        variant="secondary"
        aria-label={intl.formatMessage(logOutLabel, { account: account.name })}
        disabled={offline || loggingInId !== null}
        onClick={() => onLogOut(account)}
        className="md:min-h-9 md:px-3 md:text-sm"
      >
        <ArrowLeftStartOnRectangleIcon aria-hidden="true" className="size-5 rtl:-scale-x-100" />
        {intl.formatMessage(brokersMessages.logOut)}
      </Button>
    </div>
  );
}
