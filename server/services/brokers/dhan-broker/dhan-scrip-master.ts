// Dhan's scrip master (https://dhanhq.co/docs/v2/instruments/: the compact CSV at
// images.dhan.co/api-data/api-scrip-master.csv) read as F&O rows in the shared master fields
// (../instrument-master.ts): derivatives are segment D; SEM_INSTRUMENT_NAME says OPTIDX, OPTSTK, FUTIDX or
// FUTSTK; SEM_SMST_SECURITY_ID is the security id every order names; the underlying is the trading symbol's
// first part (NIFTY-Jan2026-26000-CE); SEM_EXPIRY_DATE "2026-01-27 14:30:00" is IST; SEM_EXPIRY_FLAG says W
// (weekly) or M (monthly). The compact file gives no freeze quantity: StrikeDesk's dated table's is used. The
// indices are segment I rows (NSE,I,13,INDEX,…,NIFTY): their security ids are what the feed and the charts name.
import type { MasterEntry } from '../instrument-master.ts';

const exchanges: Record<string, 'NFO' | 'BFO'> = { NSE: 'NFO', BSE: 'BFO' };
const derivatives = new Set(['OPTIDX', 'OPTSTK', 'FUTIDX', 'FUTSTK']);

/** One CSV line's fields (quoted fields may hold commas). */
function fields(line: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (char === ',' && !quoted) {
      out.push(current);
      current = '';
    } else current += char;
  }
  out.push(current);
  return out.map((field) => field.trim());
}

/** The file's indices (segment I): each trading symbol (NIFTY, BANKNIFTY) with its security id; BSE's under "BSE:". */
export function dhanIndexRows(csv: string): Map<string, string> {
  const [head = '', ...lines] = csv.split(/\r?\n/);
  const columns = fields(head);
  const at = (row: string[], name: string) => row[columns.indexOf(name)] ?? '';
  const ids = new Map<string, string>();
  for (const line of lines) {
    // Most of the file is not an index: a cheap test before splitting the line.
    if (!line.includes(',I,')) continue;
    const row = fields(line);
    if (at(row, 'SEM_SEGMENT') !== 'I' || !/^\d+$/.test(at(row, 'SEM_SMST_SECURITY_ID'))) continue;
    const symbol = at(row, 'SEM_TRADING_SYMBOL');
    const key = at(row, 'SEM_EXM_EXCH_ID') === 'BSE' ? `BSE:${symbol}` : symbol;
    if (!ids.has(key)) ids.set(key, at(row, 'SEM_SMST_SECURITY_ID'));
  }
  return ids;
}

/** The file's F&O rows (options and futures of NSE and BSE), in the shared master fields; other rows are left out. */
export function dhanMasterEntries(csv: string): MasterEntry[] {
  const [head = '', ...lines] = csv.split(/\r?\n/);
  const columns = fields(head);
  const at = (row: string[], name: string) => row[columns.indexOf(name)] ?? '';
  return lines.flatMap((line): MasterEntry[] => {
    if (line.trim() === '') return [];
    const row = fields(line);
    const instrument = at(row, 'SEM_INSTRUMENT_NAME');
    const exchange = exchanges[at(row, 'SEM_EXM_EXCH_ID')];
    if (at(row, 'SEM_SEGMENT') !== 'D' || !derivatives.has(instrument) || exchange === undefined) return [];
    const option = at(row, 'SEM_OPTION_TYPE');
    const kind = instrument.startsWith('FUT') ? 'FUT' : option === 'CE' || option === 'PE' ? option : null;
    const expiry = at(row, 'SEM_EXPIRY_DATE').slice(0, 10);
    const lot = Number(at(row, 'SEM_LOT_UNITS'));
    const flag = at(row, 'SEM_EXPIRY_FLAG');
    if (kind === null || !/^\d{4}-\d{2}-\d{2}$/.test(expiry)) return [];
    return [{
      brokerKey: at(row, 'SEM_SMST_SECURITY_ID'),
      underlying: at(row, 'SEM_TRADING_SYMBOL').split('-')[0] ?? '',
      exchange,
      kind,
      strike: kind === 'FUT' ? 0 : Number(at(row, 'SEM_STRIKE_PRICE')) || 0,
      expiry,
      lotSize: Number.isSafeInteger(lot) && lot > 0 ? lot : null,
      weekly: flag === 'W' ? true : flag === 'M' ? false : null,
    }];
  });
}
