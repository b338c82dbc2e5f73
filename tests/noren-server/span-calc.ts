// Noren's span calculator (SpanCalc) as Noren documents it (NorenWClientTP/SpanCalc, "Span Calculator", read 30
// November 2026 in Noren's API documentation as Shoonya, Kambala and Zebu publish it; NorenRestApiPy's
// `span_calculator(actid, positions)`): jData {actid, pos: [{prd, exch, instname, symname, exd "27-JAN-2026",
// optt, strprc, buyqty, sellqty, netqty}]} answered {stat, span, expo, span_trade, expo_trade}, the basket's
// margin with its legs' offsets. Only the shape is Noren's: the figures here are stand-ins that offset as a
// SPAN does (a spread needs less than its short leg alone), never a broker's: the worst loss of the basket's
// options at expiry over the underlying moved 0 to 8 % either way, and 2 % of each short option's strike value as
// exposure. The `_trade` figures ignore buyqty and sellqty (Noren's words): the same here, where netqty decides.
import { NotOk, type ServerContract } from './noren-book.ts';

const months = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** "27-JAN-2026" as 2026-01-27, or null. */
function isoOf(exd: string): string | null {
  const [day = '', month = '', year = ''] = exd.toUpperCase().split('-');
  const index = months.indexOf(month);
  return index < 0 || !/^\d{2}$/.test(day) || !/^\d{4}$/.test(year) ? null : `${year}-${String(index + 1).padStart(2, '0')}-${day}`;
}

type Leg = { contract: ServerContract; netqty: number };

function legsOf(data: Record<string, unknown>, contracts: readonly ServerContract[]): Leg[] {
  if (typeof data.actid !== 'string' || data.actid === '') throw new NotOk('Invalid Input : actid is missing');
  if (!Array.isArray(data.pos) || data.pos.length === 0) throw new NotOk('Invalid Input : pos is missing');
  return data.pos.map((item: unknown): Leg => {
    const pos = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    for (const field of ['prd', 'exch', 'instname', 'symname', 'exd'] as const) if (typeof pos[field] !== 'string' || pos[field] === '') throw new NotOk(`Invalid Input : ${field} is missing`);
    if (!['M', 'I'].includes(String(pos.prd))) throw new NotOk('Invalid Input : Invalid Product');
    const expiry = isoOf(String(pos.exd));
    if (expiry === null) throw new NotOk('Invalid Input : exd should be DD-MMM-YYYY');
    const netqty = Number(pos.netqty);
    if (typeof pos.netqty !== 'string' || !Number.isSafeInteger(netqty)) throw new NotOk('Invalid Input : netqty');
    const contract = contracts.find((c) => pos.exch === 'NFO' && pos.instname === 'OPTIDX' && c.underlying === pos.symname && c.expiry === expiry && c.kind === pos.optt && c.strike === Number(pos.strprc));
    if (contract === undefined) throw new NotOk('Invalid Input : Contract not found');
    return { contract, netqty };
  });
}

/** The basket's stand-in SPAN and exposure, in rupees; `level(underlying)` the index's level. */
export function spanCalc(data: Record<string, unknown>, contracts: readonly ServerContract[], level: (underlying: string) => number): Record<string, string> {
  const legs = legsOf(data, contracts);
  const intrinsic = (c: ServerContract, at: number) => Math.max(0, c.kind === 'CE' ? at - c.strike : c.strike - at);
  const losses = [...new Set(legs.map((leg) => leg.contract.underlying))].map((underlying) => {
    const own = legs.filter((leg) => leg.contract.underlying === underlying);
    const spot = level(underlying);
    let worst = 0;
    for (let move = -8; move <= 8; move += 1) {
      const at = spot * (1 + move / 100);
      worst = Math.max(worst, own.reduce((loss, leg) => loss - leg.netqty * intrinsic(leg.contract, at), 0));
    }
    return worst;
  });
  const span = losses.reduce((sum, loss) => sum + loss, 0);
  const expo = legs.reduce((sum, leg) => sum + (leg.netqty < 0 ? 0.02 * leg.contract.strike * -leg.netqty : 0), 0);
  return { span: span.toFixed(2), expo: expo.toFixed(2), span_trade: span.toFixed(2), expo_trade: expo.toFixed(2) };
}
