import ArrowRightEndOnRectangleIcon from '@heroicons/react/20/solid/ArrowRightEndOnRectangleIcon';
import { defineMessage, defineMessages, type MessageValue, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import type { Broker, BrokerAccount } from '@/features/brokers/api/broker-types';
import { brokersMessages } from '@/features/brokers/brokers-messages';
import { isSessionOpen } from '@/features/brokers/session-open';
import { brokerLoginUrl } from '@/features/brokers/start-broker-login';

const logInLabel = defineMessage<{ account: MessageValue }>({
  id: 'brokers.logInAccount',
  defaultMessage: 'Log in to broker: {account}',
});

const messages = defineMessages({
  noLoginPage: { id: 'brokers.noLoginPage', defaultMessage: 'This broker has no login page.' },
});

type LoginButtonProps = {
  account: BrokerAccount;
  broker: Broker | undefined;
  onLogIn: (account: BrokerAccount, url: string) => void;
  /** The account whose broker login page is opening, if any: no second login starts meanwhile. */
  loggingInId: number | null;
  offline: boolean;
};

/** "Log in to broker" while the account's broker session is closed; nothing while it is open. */
export function LoginButton({ account, broker, onLogIn, loggingInId, offline }: LoginButtonProps) {
  const intl = useIntl();
  if (isSessionOpen(account)) return null;
  const url = brokerLoginUrl(broker, account);
  if (!url) return <p className="text-sm text-fg-muted">{intl.formatMessage(messages.noLoginPage)}</p>;
  return (
    <Button
      aria-label={intl.formatMessage(logInLabel, { account: account.name })}
      busy={loggingInId === account.id}
      disabled={offline || loggingInId !== null}
      onClick={() => onLogIn(account, url)}
      className="w-full md:w-auto md:min-h-9 md:px-3 md:text-sm"
    >
      <ArrowRightEndOnRectangleIcon aria-hidden="true" className="size-5 rtl:-scale-x-100" />
      {intl.formatMessage(brokersMessages.logIn)}
    </Button>
  );
}
