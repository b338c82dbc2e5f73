import type { RegisterRequest } from '@/features/auth/api/auth-types';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

/** Registration succeeds only when the answer has the new user (spec §5). */
export async function registerUser(details: RegisterRequest) {
  return requireField(await mainApi().POST('/api/authenticate/register/', { body: details }), 'user');
}
