import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { LOGIN_STATE_PATTERN, REQUEST_TOKEN_PATTERN } from '@/features/brokers/api/broker-types';
import { LoginFailure } from '@/features/brokers/components/login-failure';
import { RestartLoginButton } from '@/features/brokers/components/restart-login-button';
import { ReturnMessage } from '@/features/brokers/components/return-message';
import { useBrokerName } from '@/features/brokers/hooks/use-broker-name';
import { useCompleteBrokerLogin } from '@/features/brokers/hooks/use-complete-broker-login';
import { returnDescription, returnMessages as m } from '@/features/brokers/return-messages';
import { loginBrokerAccountIdAtom } from '@/lib/session/user-profile-atoms';

/** Why the return cannot be completed before asking the server, or null when there is a token to post. */
type Problem = { title: MessageDescriptor; hint: MessageDescriptor; tone: 'info' | 'error' } | null;

/**
 * The code the broker sent back: Kite's and the paper broker's `request_token`, an OAuth `code` (Upstox) or
 * Dhan's `tokenId`, with the `state` the login link carried when the broker sends it back (Dhan's cannot: the
 * server keeps it).
 */
function returnedCode(params: URLSearchParams): { token: string | null; state: string | null } {
  return { token: params.get('request_token') ?? params.get('code') ?? params.get('tokenId'), state: params.get('state') };
}

function problemOf(params: URLSearchParams, accountId: number | null): Problem {
  const status = params.get('status');
  const action = params.get('action');
  const { token, state } = returnedCode(params);
  // OAuth's refusal (the trader declined the dialog) says `error`; Kite's says status=cancelled.
  if (status === 'cancelled' || params.get('error') === 'access_denied') return { title: m.cancelled, hint: m.cancelledHint, tone: 'info' };
  if ((status !== null && status !== 'success') || (action !== null && action !== 'login') || params.has('error')) {
    return { title: m.brokerFailed, hint: m.brokerFailedHint, tone: 'error' };
  }
  if (token === null || !REQUEST_TOKEN_PATTERN.test(token) || (state !== null && !LOGIN_STATE_PATTERN.test(state))) {
    return { title: m.noToken, hint: m.noTokenHint, tone: 'error' };
  }
  if (accountId === null) return { title: m.noAccount, hint: m.noAccountHint, tone: 'error' };
  return null;
}

/**
 * Where a broker's login page sends the trader back to (/app/broker/:broker/*: Kite-style request_token,
 * action, status, or OAuth's code and state). The code is exchanged for a broker session, then the trader lands on
 * the broker accounts, replacing this page in the history so Back cannot post the token again.
 */
export function BrokerLoginReturnScreen() {
  const intl = useIntl();
  const text = intl.formatMessage;
  const navigate = useNavigate();
  const broker = useParams()['broker'] ?? '';
  const [params] = useSearchParams();
  // The account as remembered on arrival: a success clears the remembered one (spec §4).
  const remembered = useAtomValue(loginBrokerAccountIdAtom);
  const [accountId] = useState(remembered);
  const problem = problemOf(params, accountId);
  const { token, state } = returnedCode(params);
  const request = problem === null && accountId !== null && token !== null ? { accountId, token, state, broker } : null;
  const { outcome, retry } = useCompleteBrokerLogin(request);
  const brokerText = useBrokerName(broker);

  useEffect(() => {
    if (outcome?.ok) void navigate('/app/broker', { replace: true });
  }, [outcome, navigate]);

  const restart = accountId === null ? null : <RestartLoginButton accountId={accountId} />;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={text(m.title)} description={text(returnDescription, { broker: brokerText })} />
      {problem ? (
        <ReturnMessage tone={problem.tone} title={text(problem.title)} actions={restart}>
          <p>{text(problem.hint)}</p>
        </ReturnMessage>
      ) : outcome && !outcome.ok && accountId !== null ? (
        <LoginFailure error={outcome.error} accountId={accountId} onRetry={retry} />
      ) : (
        <ReturnMessage tone="progress" title={text(m.completing)} />
      )}
    </div>
  );
}
