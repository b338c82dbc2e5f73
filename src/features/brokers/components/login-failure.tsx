import { defineMessages, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { RestartLoginButton } from '@/features/brokers/components/restart-login-button';
import { ReturnMessage } from '@/features/brokers/components/return-message';
import { commonMessages } from '@/i18n/common-messages';
import { sayRefusal } from '@/i18n/say-refusal';
import type { ApiError } from '@/lib/api/api-error';

const messages = defineMessages({
  failed: { id: 'brokers.return.failed', defaultMessage: 'Broker login failed' },
  tokenInvalid: {
    id: 'brokers.return.tokenInvalid',
    defaultMessage: 'The broker login did not go through',
  },
  tokenInvalidHint: {
    id: 'brokers.return.tokenInvalidHint',
    defaultMessage: 'A login from the broker works once, within 5 minutes.',
  },
  unreachable: {
    id: 'brokers.return.unreachable',
    defaultMessage: 'The login could not be completed because the server did not answer. Try again.',
  },
});

type LoginFailureProps = { error: ApiError; accountId: number; onRetry: () => void };

/**
 * A refused login shows the server's own message (an expired or reused token, a wrong broker, an account
 * that is gone). When the server may never have seen the token (no answer, a fault), it can be sent again.
 */
export function LoginFailure({ error, accountId, onRetry }: LoginFailureProps) {
  const intl = useIntl();
  const text = intl.formatMessage;
  const answered = error.kind === 'rejected' || error.kind === 'not_found';
  const expired = error.code === 'request_token_invalid';
  return (
    <ReturnMessage
      tone="error"
      title={text(expired ? messages.tokenInvalid : messages.failed)}
      actions={
        <>
          {answered ? null : (
            <Button variant="secondary" onClick={onRetry}>
              {text(commonMessages.retry)}
            </Button>
          )}
          <RestartLoginButton accountId={accountId} />
        </>
      }
    >
      <p>{answered ? sayRefusal(intl, error) : text(messages.unreachable)}</p>
      {expired ? <p className="mt-1">{text(messages.tokenInvalidHint)}</p> : null}
    </ReturnMessage>
  );
}
