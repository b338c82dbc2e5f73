// NSE's participant-wise open interest, imported in Market history (issue 40): the year up to the last file.
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';
import type { ParticipantOpenInterest } from '@/features/analytics/model/participant-series';

export async function getParticipantOpenInterest(): Promise<ParticipantOpenInterest> {
  return requireField(await mainApi().GET('/api/market-history/participants/', {}), 'dates', 'participants');
}
