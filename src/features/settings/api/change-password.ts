import type { ChangePasswordRequest } from '@/features/settings/api/settings-types';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

/** Changes the password; the server keeps this session and revokes the user's others. Answers its message. */
export async function changePassword(passwords: ChangePasswordRequest): Promise<string> {
  return requireField(await mainApi().POST('/api/profile/user/change_password/', { body: passwords }), 'message')
    .message;
}
