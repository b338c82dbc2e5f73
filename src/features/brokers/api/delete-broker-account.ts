import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

/** Unlinks an account; the server deletes its portfolios and bots with it. Answers the server's message. */
export async function deleteBrokerAccount(id: number): Promise<string> {
  const answer = await mainApi().DELETE('/api/accounts/accounts/{id}/', { params: { path: { id } } });
  return requireField(answer, 'message').message;
}
