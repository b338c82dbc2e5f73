import KeyIcon from '@heroicons/react/20/solid/KeyIcon';
import { type FormEvent, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import type { BrokerAccount } from '@/features/brokers/api/broker-types';
import { rejectionOf } from '@/features/brokers/brokers-error-text';
import { completeBrokerLogin, forgetBrokerLogin } from '@/features/brokers/complete-broker-login';

const messages = defineMessages({
  summary: { id: 'brokers.pastedToken.summary', defaultMessage: 'Log in with an access token instead' },
  label: { id: 'brokers.pastedToken.label', defaultMessage: 'Access token from web.dhan.co' },
  hint: {
    id: 'brokers.pastedToken.hint',
    defaultMessage: 'On web.dhan.co, My Profile, Access DhanHQ APIs: generate an access token (valid 24 hours) and paste it here. StrikeDesk checks it is this account’s.',
  },
  submit: { id: 'brokers.pastedToken.submit', defaultMessage: 'Log in with this token' },
  empty: { id: 'brokers.pastedToken.empty', defaultMessage: 'Paste the access token first.' },
});

/**
 * Dhan's alternative to its login page: a token the trader generated on web.dhan.co, posted in the login's
 * place. The server checks it with Dhan's profile call and refuses another client's token; the refusal is
 * said in the trader's words under the field.
 */
export function PastedTokenLogin({ account, offline }: { account: BrokerAccount; offline: boolean }) {
  const intl = useIntl();
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const pasted = token.trim();
    if (pasted === '') return setError(intl.formatMessage(messages.empty));
    setBusy(true);
    setError(null);
    const outcome = await completeBrokerLogin({ accountId: account.id, token: pasted, state: null, broker: account.broker });
    setBusy(false);
    if (outcome.ok) return setToken('');
    // The same token may be posted again once corrected elsewhere (a refused one stays refused at the server).
    forgetBrokerLogin(pasted);
    setError(rejectionOf(outcome.error, intl)?.text ?? null);
  };
  return (
    <details className="w-full text-sm" data-testid="pasted-token-login">
      <summary className="min-h-11 cursor-pointer py-2 text-fg-muted md:min-h-9">{intl.formatMessage(messages.summary)}</summary>
      <form className="flex flex-col gap-2 pt-1" onSubmit={(event) => void submit(event)} noValidate>
        <PasswordField
          label={intl.formatMessage(messages.label)}
          hint={intl.formatMessage(messages.hint)}
          error={error ?? undefined}
          autoComplete="off"
          value={token}
          onChange={(event) => setToken(event.target.value)}
          disabled={offline || busy}
        />
        <Button type="submit" variant="secondary" busy={busy} disabled={offline} className="w-full md:w-auto md:min-h-9 md:px-3 md:text-sm">
          <KeyIcon aria-hidden="true" className="size-5" />
          {intl.formatMessage(messages.submit)}
        </Button>
      </form>
    </details>
  );
}
