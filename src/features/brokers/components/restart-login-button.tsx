import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import { Button } from '@/components/ui/button';
import { brokersMessages } from '@/features/brokers/brokers-messages';
import { rejectionOf } from '@/features/brokers/brokers-error-text';
import { useRestartLogin } from '@/features/brokers/hooks/use-restart-login';

const messages = defineMessages({
  unavailable: {
    id: 'brokers.restartUnavailable',
    defaultMessage: 'This account is no longer linked, or its broker has no login page.',
  },
});

// Starts with the button's visible words, so a voice-control user can say what they see (WCAG 2.5.3).
const namedLabel = defineMessage<{ account: MessageValue }>({ id: 'brokers.logInAgainNamed', defaultMessage: 'Log in to the broker again: {account}' });

/**
 * "Log in to the broker again" for the account that was logging in: back to the broker's login page.
 * `accountName` names the account in the button's accessible name, where several such buttons show at once.
 */
export function RestartLoginButton({ accountId, accountName }: { accountId: number; accountName?: string }) {
  const intl = useIntl();
  const { restart, busy, unavailable, error } = useRestartLogin(accountId);
  const problem = unavailable ? intl.formatMessage(messages.unavailable) : rejectionOf(error, intl)?.text;
  return (
    <>
      <Button
        busy={busy}
        disabled={unavailable}
        aria-label={accountName === undefined ? undefined : intl.formatMessage(namedLabel, { account: accountName })}
        onClick={() => void restart()}
      >
        {intl.formatMessage(brokersMessages.logInAgain)}
      </Button>
      {problem ? (
        <p role="alert" className="basis-full text-sm text-danger">
          {problem}
        </p>
      ) : null}
    </>
  );
}
