/**
 * NIFTY's nearest contracts as the desk lists them (StrikeDesk's own chain), for a live broker's test server to
 * list too: a live order is sent only for a contract the broker lists.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { plain, type OptionChainPage } from '../pages/option-chain-page';

export type DeskContract = { instrument_token: number; tradingsymbol: string; strike: number; instrument_type: 'CE' | 'PE' };

export async function deskContracts(request: APIRequestContext, token: string): Promise<{ expiry: string; lotSize: number; contracts: DeskContract[] }> {
  const auth = { authorization: `Bearer ${token}` };
  const expiries = (await (await request.get('/api/market/expiries/?index=NIFTY', { headers: auth })).json()) as { expiries: Array<{ date: string }> };
  const expiry = expiries.expiries[0]!.date;
  const listed = (await (await request.get(`/api/market/instruments/?index=NIFTY&expiry=${expiry}`, { headers: auth })).json()) as { instruments: DeskContract[]; lot_size: number };
  return { expiry, lotSize: listed.lot_size, contracts: listed.instruments };
}

/** The at-the-money call of the opened `chain` as the desk lists it (its instrument token: the broker test servers' token or security ID). */
export async function atmCallOf(chain: OptionChainPage, request: APIRequestContext, token: string): Promise<DeskContract> {
  const atmStrike = Number(plain((await chain.atmRow.locator('th[scope="row"]').textContent()) ?? '').replace(/[^\d.]/g, ''));
  const atmCall = (await deskContracts(request, token)).contracts.find((contract) => contract.strike === atmStrike && contract.instrument_type === 'CE');
  expect(atmCall, `the desk lists NIFTY ${atmStrike} CE`).toBeDefined();
  return atmCall!;
}
