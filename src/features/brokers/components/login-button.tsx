import ArrowPathIcon from '@heroicons/react/20/solid/ArrowPathIcon';
import ArrowRightEndOnRectangleIcon from '@heroicons/react/20/solid/ArrowRightEndOnRectangleIcon';
import { defineMessage, defineMessages, type MessageValue, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import type { Broker, BrokerAccount } from '@/features/brokers/api/broker-types';
import { brokersMessages } from '@/features/brokers/brokers-messages';
import { hasLoginPage } from '@/features/brokers/start-broker-login';

// Each name starts with the button's visible words, so a voice-control user can say what they see (WCAG 2.5.3).
const logInLabel = defineMessage<{ account: MessageValue }>({
  id: 'brokers.logInAccount',
  defaultMessage: 'Log in to broker: {account}',
});
const logInAgainLabel = defineMessage<{ account: MessageValue }>({
  id: 'brokers.logInAgainAccount',
  defaultMessage: 'Log in again: {account}',
});

const messages = defineMessages({
  noLoginPage: { id: 'brokers.noLoginPage', defaultMessage: 'This broker has no login page.' },
  logInAgainShort: { id: 'brokers.logInAgainShort', defaultMessage: 'Log in again' },
});

type LoginButtonProps = {
  account: BrokerAccount;
  broker: Broker | undefined;
  onLogIn: (account: BrokerAccount) => void;
  /** The account whose broker login page is opening, if any: no second login starts meanwhile. */
  loggingInId: number | null;
  offline: boolean;
  /** The session is open: a quieter "Log in again", e.g. to start a fresh session before the day's trading. */
  again?: boolean;
};

/** Opens the account's broker login page: "Log in to broker", or "Log in again" while a session is open. */
export function LoginButton({ account, broker, onLogIn, loggingInId, offline, again = false }: LoginButtonProps) {
  const intl = useIntl();
  if (!hasLoginPage(broker)) return again ? null : <p className="text-sm text-fg-muted">{intl.formatMessage(messages.noLoginPage)}</p>;
  const Icon = again ? ArrowPathIcon : ArrowRightEndOnRectangleIcon;
  return (
    <Button
      variant={again ? 'secondary' : 'primary'}
      aria-label={intl.formatMessage(again ? logInAgainLabel : logInLabel, { account: account.name })}
      busy={loggingInId === account.id}
      disabled={offline || loggingInId !== null}
      onClick={() => onLogIn(account)}
      className={again ? 'md:min-h-9 md:px-3 md:text-sm' : 'w-full md:w-auto md:min-h-9 md:px-3 md:text-sm'}
    >
      <Icon aria-hidden="true" className="size-5 rtl:-scale-x-100" />
      {intl.formatMessage(again ? messages.logInAgainShort : brokersMessages.logIn)}
    </Button>
  );
}
