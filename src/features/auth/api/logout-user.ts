import { mainApi } from '@/lib/api/clients';

/**
 * Revokes a session token on the server. The token is passed explicitly because sign-out clears it from
 * the app first (the trader is signed out on this device whatever the server answers).
 */
export async function logoutUser(token: string): Promise<void> {
  await mainApi().POST('/api/authenticate/logout/', { headers: { Authorization: `Bearer ${token}` } });
}
