import type { User } from '@/features/settings/api/settings-types';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

/** The signed-in user (GET /api/profile/user/); an answer without `user` is a failure (spec §8). */
export async function getProfile(): Promise<User> {
  return requireField(await mainApi().GET('/api/profile/user/'), 'user').user;
}
