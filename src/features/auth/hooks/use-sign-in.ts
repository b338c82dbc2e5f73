import { useAtomValue, useSetAtom } from 'jotai';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import type { LoginRequest } from '@/features/auth/api/auth-types';
import { loginUser } from '@/features/auth/api/login-user';
import { authRefusal } from '@/features/auth/auth-error-text';
import {
  authLoadingAtom,
  authMessageAtom,
  authRedirectAtom,
  showAuthMessageAtom,
  tokenAtom,
} from '@/lib/session/auth-atoms';
import { userDataAtom } from '@/lib/session/user-profile-atoms';

/**
 * Sign-in as spec §4 has it: on success the token is stored and held in state and redirect set to root
 * (the public-route guard then takes the user to the page they asked for); on failure the message shows,
 * on the field it is about when the server names one (useServerRefusal).
 */
export function useSignIn() {
  const intl = useIntl();
  const loading = useAtomValue(authLoadingAtom);
  const message = useAtomValue(authMessageAtom);
  const showMessage = useAtomValue(showAuthMessageAtom);
  const setLoading = useSetAtom(authLoadingAtom);
  const setMessage = useSetAtom(authMessageAtom);
  const setShowMessage = useSetAtom(showAuthMessageAtom);
  const setToken = useSetAtom(tokenAtom);
  const setRedirect = useSetAtom(authRedirectAtom);
  const setUser = useSetAtom(userDataAtom);
  // The spec's auth state holds the message; which field it is about is this form's business.
  const [field, setField] = useState<string | undefined>(undefined);

  const signIn = async (credentials: LoginRequest): Promise<boolean> => {
    setLoading(true);
    setShowMessage(false);
    try {
      const { user, token } = await loginUser(credentials);
      setUser(user);
      setRedirect('/');
      setToken(token);
      return true;
    } catch (error) {
      const refusal = authRefusal(error, intl);
      setMessage(refusal.text);
      setField(refusal.field);
      setShowMessage(true);
      return false;
    } finally {
      setLoading(false);
    }
  };

  // One object per refusal: a new one would count as a new refusal and take the focus back to its field.
  const refusal = useMemo(() => (showMessage && message ? { text: message, field } : null), [showMessage, message, field]);
  return { signIn, loading, refusal };
}
