import { defineMessages, useIntl } from 'react-intl';
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

/** "Log in to the broker again" for the account that was logging in: back to the broker's login page. */
export function RestartLoginButton({ accountId }: { accountId: number }) {
  const intl = useIntl();
  const { restart, busy, unavailable, error } = useRestartLogin(accountId);
  const problem = unavailable ? intl.formatMessage(messages.unavailable) : rejectionOf(error, intl)?.text;
  return (
    <>
      <Button busy={busy} disabled={unavailable} onClick={() => void restart()}>
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
