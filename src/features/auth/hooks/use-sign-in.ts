import { useAtomValue, useSetAtom } from 'jotai';
import { useIntl } from 'react-intl';
import type { LoginRequest } from '@/features/auth/api/auth-types';
import { loginUser } from '@/features/auth/api/login-user';
import { authErrorText } from '@/features/auth/auth-error-text';
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
 * (the public-route guard then takes the user to the page they asked for); on failure the message shows.
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
      setMessage(authErrorText(error, intl));
      setShowMessage(true);
      return false;
    } finally {
      setLoading(false);
    }
  };

  return { signIn, loading, message: showMessage ? message : null };
}
