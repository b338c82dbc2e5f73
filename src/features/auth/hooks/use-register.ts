import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { RegisterRequest } from '@/features/auth/api/auth-types';
import { registerUser } from '@/features/auth/api/register-user';
import { authErrorText } from '@/features/auth/auth-error-text';

/** Registration (spec §4): success only clears loading (the screen then leads to sign-in); failure shows the message. */
export function useRegister() {
  const intl = useIntl();
  const [loading, setLoading] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const register = async (details: RegisterRequest): Promise<boolean> => {
    setLoading(true);
    setMessage(null);
    try {
      await registerUser(details);
      return true;
    } catch (error) {
      setMessage(authErrorText(error, intl));
      return false;
    } finally {
      setLoading(false);
    }
  };

  return { register, loading, message };
}
