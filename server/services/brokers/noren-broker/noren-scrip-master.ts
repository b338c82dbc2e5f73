// Noren's NFO scrip master (NFO_symbols.txt, published zipped: api.shoonya.com/NFO_symbols.txt.zip, one file in
// the archive) read as F&O rows in the shared master fields (../instrument-master.ts). Its columns, by name:
// Exchange,Token,LotSize,Symbol,TradingSymbol,Expiry,Instrument,OptionType,StrikePrice,TickSize (e.g.
// NFO,35003,75,NIFTY,NIFTY27JAN26C26000,27-JAN-2026,OPTIDX,CE,26000,0.05). Token is the exchange's token every
// quote names; TradingSymbol (Noren's own naming) is what every order names. Futures say OptionType XX.
import { inflateRawSync } from 'node:zlib';
import type { MasterEntry } from '../instrument-master.ts';

/** A master row with Noren's own trading symbol, which its orders name, and its Instrument (OPTIDX…), which its span calculator names. */
export type NorenMasterEntry = MasterEntry & { tsym: string; instrument: string };

const exchanges: Record<string, 'NFO' | 'BFO'> = { NFO: 'NFO', BFO: 'BFO' };
const derivatives = new Set(['OPTIDX', 'OPTSTK', 'FUTIDX', 'FUTSTK']);
const months: Record<string, string> = { JAN: '01', FEB: '02', MAR: '03', APR: '04', MAY: '05', JUN: '06', JUL: '07', AUG: '08', SEP: '09', OCT: '10', NOV: '11', DEC: '12' };

/** The first file of a zip archive (stored or deflated), or the bytes as they are when they are no archive. */
export function unzipFirst(bytes: Uint8Array): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 4 || view.getUint32(0, true) !== 0x04034b50) return bytes;
  // The central directory has the sizes even when the local header defers them to a data descriptor.
  let end = -1;
  for (let at = bytes.length - 22; at >= 0 && at >= bytes.length - 22 - 0xffff; at--) {
    if (view.getUint32(at, true) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new Error('not a readable zip archive');
  const central = view.getUint32(end + 16, true);
  const method = view.getUint16(central + 10, true);
  const size = view.getUint32(central + 20, true);
  const local = view.getUint32(central + 42, true);
  const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
  const data = bytes.subarray(start, start + size);
  if (method === 0) return data;
  if (method === 8) return new Uint8Array(inflateRawSync(data));
  throw new Error(`zip method ${method} is not read`);
}

/** "27-JAN-2026" as 2026-01-27, or null. */
function isoDate(text: string): string | null {
  const [day, month, year] = text.trim().toUpperCase().split('-');
  const mm = months[month ?? ''];
  if (day === undefined || mm === undefined || !/^\d{4}$/.test(year ?? '')) return null;
  return `${year}-${mm}-${day.padStart(2, '0')}`;
}

/** 2026-01-27 as Noren writes an expiry ("27-JAN-2026"). */
export function norenDate(iso: string): string {
  const month = Object.keys(months).find((name) => months[name] === iso.slice(5, 7)) ?? '';
  return `${iso.slice(8, 10)}-${month}-${iso.slice(0, 4)}`;
}

/** The file's F&O rows (options and futures of NFO and BFO), in the shared master fields; other rows are left out. */
export function norenMasterEntries(text: string): NorenMasterEntry[] {
  const [head = '', ...lines] = text.split(/\r?\n/);
  const columns = head.split(',').map((name) => name.trim());
  const at = (row: string[], name: string) => (row[columns.indexOf(name)] ?? '').trim();
  return lines.flatMap((line): NorenMasterEntry[] => {
    if (line.trim() === '') return [];
    const row = line.split(',');
    const instrument = at(row, 'Instrument');
    const exchange = exchanges[at(row, 'Exchange')];
    if (!derivatives.has(instrument) || exchange === undefined) return [];
    const option = at(row, 'OptionType');
    const kind = instrument.startsWith('FUT') ? 'FUT' : option === 'CE' || option === 'PE' ? option : null;
    const expiry = isoDate(at(row, 'Expiry'));
    const lot = Number(at(row, 'LotSize'));
    if (kind === null || expiry === null) return [];
    return [{
      brokerKey: at(row, 'Token'),
      tsym: at(row, 'TradingSymbol'),
      instrument,
      underlying: at(row, 'Symbol'),
      exchange,
      kind,
      strike: kind === 'FUT' ? 0 : Number(at(row, 'StrikePrice')) || 0,
      expiry,
      lotSize: Number.isSafeInteger(lot) && lot > 0 ? lot : null,
      // The file does not say which expiries are weekly: the shared naming tells them apart.
      weekly: null,
    }];
  });
}
