import type { Services } from '../../../server/services/services.ts';

/** NIFTY's nearest expiry and its call nearest the index's spot: the contract the order benches buy. */
export async function nearestAtmCall(market: Services['market']) {
  const expiry = (await market.expiries('NIFTY')).expiries[0]!.date;
  const chain = await market.instruments('NIFTY', expiry);
  const spot = (await market.states()).get('NIFTY')!.spotPaise / 100;
  const atm = chain.instruments.reduce((best, item) => (Math.abs(item.strike - spot) < Math.abs(best.strike - spot) ? item : best));
  const contract = chain.instruments.find((item) => item.strike === atm.strike && item.instrument_type === 'CE')!;
  return { expiry, lotSize: chain.lot_size, contract };
}
