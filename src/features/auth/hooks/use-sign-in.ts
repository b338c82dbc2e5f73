import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import type { LoginRequest } from '@/features/auth/api/auth-types';
import { authUnreachable } from '@/features/auth/auth-messages';
import {
  authLoadingAtom,
  authMessageAtom,
  authRedirectAtom,
  showAuthMessageAtom,
  tokenAtom,
} from '@/lib/session/auth-atoms';
import { userDataAtom } from '@/lib/session/user-profile-atoms';
import { useStoreSetter, useStoreValue } from '@/lib/use-store-atom';

const loadSignInCall = () => import('@/features/auth/sign-in-call');

/**
 * Starts downloading the sign-in call (the form calls it at its first input), so the submit does not wait
 * for it. A failed download is tried again at the submit.
 */
export function prepareSignIn(): void {
  loadSignInCall().catch(() => undefined);
}

/**
 * Sign-in as spec §4 has it: on success the token is stored and held in state and redirect set to root
 * (the public-route guard then takes the user to the page they asked for); on failure the message shows,
 * on the field it is about when the server names one (useServerRefusal).
 */
export function useSignIn() {
  const intl = useIntl();
  const loading = useStoreValue(authLoadingAtom);
  const message = useStoreValue(authMessageAtom);
  const showMessage = useStoreValue(showAuthMessageAtom);
  const setLoading = useStoreSetter(authLoadingAtom);
  const setMessage = useStoreSetter(authMessageAtom);
  const setShowMessage = useStoreSetter(showAuthMessageAtom);
  const setToken = useStoreSetter(tokenAtom);
  const setRedirect = useStoreSetter(authRedirectAtom);
  const setUser = useStoreSetter(userDataAtom);
  // The spec's auth state holds the message; which field it is about is this form's business.
  const [field, setField] = useState<string | undefined>(undefined);

  const signIn = async (credentials: LoginRequest): Promise<boolean> => {
    setLoading(true);
    setShowMessage(false);
    const refuse = (refusal: { text: string; field?: string | undefined }) => {
      setMessage(refusal.text);
      setField(refusal.field);
      setShowMessage(true);
      return false;
    };
    let call: Awaited<ReturnType<typeof loadSignInCall>>;
    try {
      call = await loadSignInCall();
    } catch {
      // Offline before the service worker has the files: the request could not have gone out either.
      setLoading(false);
      return refuse({ text: intl.formatMessage(authUnreachable) });
    }
    try {
      const { user, token } = await call.loginUser(credentials);
      setUser(user);
      setRedirect('/');
      setToken(token);
      return true;
    } catch (error) {
      return refuse(call.authRefusal(error, intl));
    } finally {
      setLoading(false);
    }
  };

  // One object per refusal: a new one would count as a new refusal and take the focus back to its field.
  const refusal = useMemo(() => (showMessage && message ? { text: message, field } : null), [showMessage, message, field]);
  return { signIn, loading, refusal };
}
