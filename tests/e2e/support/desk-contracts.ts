/**
 * NIFTY's nearest contracts as the desk lists them (StrikeDesk's own chain), for a live broker's test server to
 * list too: a live order is sent only for a contract the broker lists.
 */
import type { APIRequestContext } from '@playwright/test';

export type DeskContract = { instrument_token: number; tradingsymbol: string; strike: number; instrument_type: 'CE' | 'PE' };

export async function deskContracts(request: APIRequestContext, token: string): Promise<{ expiry: string; lotSize: number; contracts: DeskContract[] }> {
  const auth = { authorization: `Bearer ${token}` };
  const expiries = (await (await request.get('/api/market/expiries/?index=NIFTY', { headers: auth })).json()) as { expiries: Array<{ date: string }> };
  const expiry = expiries.expiries[0]!.date;
  const listed = (await (await request.get(`/api/market/instruments/?index=NIFTY&expiry=${expiry}`, { headers: auth })).json()) as { instruments: DeskContract[]; lot_size: number };
  return { expiry, lotSize: listed.lot_size, contracts: listed.instruments };
}
