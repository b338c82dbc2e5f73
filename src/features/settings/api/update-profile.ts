import type { ProfileUpdate, User } from '@/features/settings/api/settings-types';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

/** Changes the name and/or mobile number (the email cannot change); answers the updated user. */
export async function updateProfile(changes: ProfileUpdate): Promise<User> {
  return requireField(await mainApi().POST('/api/profile/user/', { body: changes }), 'user').user;
}
