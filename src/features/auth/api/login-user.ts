import type { LoginRequest } from '@/features/auth/api/auth-types';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

/** Sign-in succeeds only when the answer has a user (spec §5), and a token to keep. */
export async function loginUser(credentials: LoginRequest) {
  return requireField(await mainApi().POST('/api/authenticate/login/', { body: credentials }), 'user', 'token');
}
