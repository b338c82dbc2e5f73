import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { RegisterRequest } from '@/features/auth/api/auth-types';
import { registerUser } from '@/features/auth/api/register-user';
import { authRefusal, type AuthRefusal } from '@/features/auth/auth-error-text';

/**
 * Registration (spec §4): success only clears loading (the screen then leads to sign-in); failure shows the
 * message, on the field it is about when there is one (useServerRefusal).
 */
export function useRegister() {
  const intl = useIntl();
  const [loading, setLoading] = useState(false);
  const [refusal, setRefusal] = useState<AuthRefusal | null>(null);

  const register = async (details: RegisterRequest): Promise<boolean> => {
    setLoading(true);
    setRefusal(null);
    try {
      await registerUser(details);
      return true;
    } catch (error) {
      setRefusal(authRefusal(error, intl));
      return false;
    } finally {
      setLoading(false);
    }
  };

  return { register, loading, refusal };
}
