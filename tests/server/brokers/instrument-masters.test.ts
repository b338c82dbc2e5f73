// Kite's instruments dump, Upstox's instrument file and Dhan's scrip master, each with stock F&O and futures rows, map to the same
// instruments (issue 63, slice 2; brokers/instrument-master.ts): one contract is one exchange + Kite-form
// tradingsymbol, underlying, kind, expiry, strike and lot whichever broker listed it. The rows are shaped as the
// brokers document them (Kite's CSV columns; Upstox's JSON entries with underlying_symbol, instrument_type FUT/CE/PE,
// expiry in epoch ms at the IST day's end, weekly); the underlyings are the migrated table's.
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { instrumentIdentity, knownUnderlyings, type MasterDerivative } from '../../../server/services/brokers/instrument-master.ts';
import { kiteDerivative, parseInstrumentsCsv } from '../../../server/services/brokers/kite/instruments.ts';
import { upstoxDerivatives } from '../../../server/services/brokers/upstox-broker/upstox-instrument-master.ts';
import { masterDerivatives } from '../../../server/services/brokers/instrument-master.ts';
import { dhanMasterEntries } from '../../../server/services/brokers/dhan-broker/dhan-scrip-master.ts';
import { migratedDatabasePerFile } from '../support/test-database.ts';

const kiteCsv = [
  'instrument_token,exchange_token,tradingsymbol,name,last_price,expiry,strike,tick_size,lot_size,instrument_type,segment,exchange',
  '738561,2885,RELIANCE,RELIANCE INDUSTRIES,0,,0,0.1,1,EQ,NSE,NSE',
  '13001,51,RELIANCE26DECFUT,RELIANCE,0,2026-12-29,0,0.1,500,FUT,NFO-FUT,NFO',
  '13002,52,RELIANCE26DEC1300CE,RELIANCE,0,2026-12-29,1300,0.05,500,CE,NFO-OPT,NFO',
  '13003,53,RELIANCE26DEC1300PE,RELIANCE,0,2026-12-29,1300,0.05,500,PE,NFO-OPT,NFO',
  '13004,54,M&M26DEC3000CE,M&M,0,2026-12-29,3000,0.05,200,CE,NFO-OPT,NFO',
  '13005,55,IDEA26DEC7.5PE,IDEA,0,2026-12-29,7.5,0.01,71475,PE,NFO-OPT,NFO',
  '13006,56,360ONE27JANFUT,360ONE,0,2027-01-26,0,0.1,500,FUT,NFO-FUT,NFO',
  '13007,57,NIFTY26DECFUT,NIFTY,0,2026-12-29,0,0.1,65,FUT,NFO-FUT,NFO',
  '13008,58,NIFTY26D0124000CE,NIFTY,0,2026-12-01,24000,0.05,65,CE,NFO-OPT,NFO',
  '13009,59,NIFTY26DEC24000PE,NIFTY,0,2026-12-29,24000,0.05,65,PE,NFO-OPT,NFO',
  '13010,60,SENSEX26DECFUT,SENSEX,0,2026-12-31,0,0.1,20,FUT,BFO-FUT,BFO',
  // Not StrikeDesk's: an index it does not list, a commodity future, an expired-looking row without an expiry.
  '13011,61,NIFTYNXT5026DECFUT,NIFTYNXT50,0,2026-12-29,0,0.1,25,FUT,NFO-FUT,NFO',
  '13012,62,GOLDM26DECFUT,GOLDM,0,2026-12-04,0,1,10,FUT,MCX-FUT,MCX',
  '13013,63,RELIANCE26DECFUT,RELIANCE,0,,0,0.1,500,FUT,NFO-FUT,NFO',
].join('\n');

/** Upstox's expiry: the IST day's last second, in epoch ms. */
const endOfDay = (day: string) => Date.parse(`${day}T23:59:59+05:30`);
const upstox = (fields: Record<string, unknown>) => ({ exchange: 'NSE', segment: 'NSE_FO', freeze_quantity: 0, minimum_lot: fields.lot_size, ...fields });
const upstoxFile: unknown[] = [
  { segment: 'NSE_EQ', instrument_type: 'EQ', trading_symbol: 'RELIANCE', instrument_key: 'NSE_EQ|INE002A01018', lot_size: 1 },
  upstox({ instrument_key: 'NSE_FO|1', underlying_symbol: 'RELIANCE', underlying_type: 'EQUITY', instrument_type: 'FUT', trading_symbol: 'RELIANCE FUT 29 DEC 26', expiry: endOfDay('2026-12-29'), strike_price: 0, lot_size: 500, weekly: false }),
  upstox({ instrument_key: 'NSE_FO|2', underlying_symbol: 'RELIANCE', underlying_type: 'EQUITY', instrument_type: 'CE', trading_symbol: 'RELIANCE 1300 CE 29 DEC 26', expiry: endOfDay('2026-12-29'), strike_price: 1300, lot_size: 500, weekly: false }),
  upstox({ instrument_key: 'NSE_FO|3', underlying_symbol: 'RELIANCE', underlying_type: 'EQUITY', instrument_type: 'PE', trading_symbol: 'RELIANCE 1300 PE 29 DEC 26', expiry: endOfDay('2026-12-29'), strike_price: 1300, lot_size: 500, weekly: false }),
  upstox({ instrument_key: 'NSE_FO|4', underlying_symbol: 'M&M', underlying_type: 'EQUITY', instrument_type: 'CE', trading_symbol: 'M&M 3000 CE 29 DEC 26', expiry: endOfDay('2026-12-29'), strike_price: 3000, lot_size: 200 }),
  upstox({ instrument_key: 'NSE_FO|5', underlying_symbol: 'IDEA', underlying_type: 'EQUITY', instrument_type: 'PE', trading_symbol: 'IDEA 7.5 PE 29 DEC 26', expiry: endOfDay('2026-12-29'), strike_price: 7.5, lot_size: 71475 }),
  upstox({ instrument_key: 'NSE_FO|6', underlying_symbol: '360ONE', underlying_type: 'EQUITY', instrument_type: 'FUT', trading_symbol: '360ONE FUT 26 JAN 27', expiry: endOfDay('2027-01-26'), strike_price: 0, lot_size: 500 }),
  upstox({ instrument_key: 'NSE_FO|7', underlying_symbol: 'NIFTY', underlying_type: 'INDEX', instrument_type: 'FUT', trading_symbol: 'NIFTY FUT 29 DEC 26', expiry: endOfDay('2026-12-29'), strike_price: 0, lot_size: 65 }),
  // The weekly is marked; the monthly is not, and is told by being the month's last expiry the file lists.
  upstox({ instrument_key: 'NSE_FO|8', underlying_symbol: 'NIFTY', underlying_type: 'INDEX', instrument_type: 'CE', trading_symbol: 'NIFTY 24000 CE 01 DEC 26', expiry: endOfDay('2026-12-01'), strike_price: 24000, lot_size: 65, weekly: true }),
  upstox({ instrument_key: 'NSE_FO|9', underlying_symbol: 'NIFTY', underlying_type: 'INDEX', instrument_type: 'PE', trading_symbol: 'NIFTY 24000 PE 29 DEC 26', expiry: endOfDay('2026-12-29'), strike_price: 24000, lot_size: 65 }),
  upstox({ instrument_key: 'BSE_FO|10', exchange: 'BSE', segment: 'BSE_FO', underlying_symbol: 'SENSEX', underlying_type: 'INDEX', instrument_type: 'FUT', trading_symbol: 'SENSEX FUT 31 DEC 26', expiry: endOfDay('2026-12-31'), strike_price: 0, lot_size: 20 }),
  upstox({ instrument_key: 'NSE_FO|11', underlying_symbol: 'NIFTYNXT50', underlying_type: 'INDEX', instrument_type: 'FUT', trading_symbol: 'NIFTYNXT50 FUT 29 DEC 26', expiry: endOfDay('2026-12-29'), strike_price: 0, lot_size: 25 }),
  // RELIANCE under BSE's segment is not NSE's contract.
  upstox({ instrument_key: 'BSE_FO|12', exchange: 'BSE', segment: 'BSE_FO', underlying_symbol: 'RELIANCE', instrument_type: 'FUT', expiry: endOfDay('2026-12-31'), strike_price: 0, lot_size: 500 }),
];

/**
 * Dhan's compact scrip master (https://images.dhan.co/api-data/api-scrip-master.csv): SEM_* columns, derivatives in
 * segment D, the underlying as the trading symbol's first part, SEM_EXPIRY_FLAG W/M for weekly and monthly.
 */
const dhanCsv = [
  'SEM_EXM_EXCH_ID,SEM_SEGMENT,SEM_SMST_SECURITY_ID,SEM_INSTRUMENT_NAME,SEM_EXPIRY_CODE,SEM_TRADING_SYMBOL,SEM_LOT_UNITS,SEM_CUSTOM_SYMBOL,SEM_EXPIRY_DATE,SEM_STRIKE_PRICE,SEM_OPTION_TYPE,SEM_TICK_SIZE,SEM_EXPIRY_FLAG,SEM_EXCH_INSTRUMENT_TYPE,SEM_SERIES,SM_SYMBOL_NAME',
  'NSE,E,2885,EQUITY,,RELIANCE,1.0,Reliance Industries,,,,0.1000,NA,EQ,EQ,RELIANCE INDUSTRIES LTD',
  'NSE,I,13,INDEX,,NIFTY,1.0,Nifty 50,,,,0.0000,NA,INDEX,NA,NIFTY',
  'NSE,D,51001,FUTSTK,0,RELIANCE-Dec2026-FUT,500.0,RELIANCE DEC FUT,2026-12-29 14:30:00,-0.01000,XX,10.0000,M,FUTSTK,NA,',
  'NSE,D,51002,OPTSTK,0,RELIANCE-Dec2026-1300-CE,500.0,RELIANCE 29 DEC 1300 CALL,2026-12-29 14:30:00,1300.00000,CE,5.0000,M,OP,NA,',
  'NSE,D,51003,OPTSTK,0,RELIANCE-Dec2026-1300-PE,500.0,RELIANCE 29 DEC 1300 PUT,2026-12-29 14:30:00,1300.00000,PE,5.0000,M,OP,NA,',
  'NSE,D,51004,OPTSTK,0,M&M-Dec2026-3000-CE,200.0,M&M 29 DEC 3000 CALL,2026-12-29 14:30:00,3000.00000,CE,5.0000,M,OP,NA,',
  'NSE,D,51005,OPTSTK,0,IDEA-Dec2026-7.5-PE,71475.0,IDEA 29 DEC 7.5 PUT,2026-12-29 14:30:00,7.50000,PE,1.0000,M,OP,NA,',
  'NSE,D,51006,FUTSTK,1,360ONE-Jan2027-FUT,500.0,360ONE JAN FUT,2027-01-26 14:30:00,-0.01000,XX,10.0000,M,FUTSTK,NA,',
  'NSE,D,51007,FUTIDX,0,NIFTY-Dec2026-FUT,65.0,NIFTY DEC FUT,2026-12-29 14:30:00,-0.01000,XX,10.0000,M,FUTIDX,NA,',
  'NSE,D,51008,OPTIDX,0,NIFTY-Dec2026-24000-CE,65.0,NIFTY 01 DEC 24000 CALL,2026-12-01 14:30:00,24000.00000,CE,5.0000,W,OP,NA,',
  'NSE,D,51009,OPTIDX,0,NIFTY-Dec2026-24000-PE,65.0,NIFTY 29 DEC 24000 PUT,2026-12-29 14:30:00,24000.00000,PE,5.0000,M,OP,NA,',
  'BSE,D,851010,FUTIDX,0,SENSEX-Dec2026-FUT,20.0,SENSEX DEC FUT,2026-12-31 14:30:00,-0.01000,XX,10.0000,M,FUTIDX,NA,',
  // Not StrikeDesk's: an index it does not list, a commodity future.
  'NSE,D,51011,FUTIDX,0,NIFTYNXT50-Dec2026-FUT,25.0,NIFTYNXT50 DEC FUT,2026-12-29 14:30:00,-0.01000,XX,10.0000,M,FUTIDX,NA,',
  'MCX,M,51012,FUTCOM,0,GOLDM-Dec2026-FUT,10.0,GOLDM DEC FUT,2026-12-04 23:30:00,-0.01000,XX,1.0000,M,FUTCOM,NA,',
].join('\n');

/** The instrument without the broker's own key, by identity. */
const byIdentity = (rows: readonly MasterDerivative[]) =>
  new Map(rows.map(({ brokerKey: _key, ...instrument }) => [instrumentIdentity(instrument), instrument]));

describe("the brokers' instrument masters with stock F&O", () => {
  let db: Database;
  migratedDatabasePerFile('pglite', (opened) => (db = opened));

  it("maps Kite's dump, Upstox's file and Dhan's scrip master, futures and stock options included, to the same instruments", async () => {
    const known = await knownUnderlyings(db);
    const kite = parseInstrumentsCsv(kiteCsv).flatMap((row) => kiteDerivative(row, known) ?? []);
    const fromUpstox = upstoxDerivatives(upstoxFile, known);
    expect(kite).toHaveLength(10);
    expect(fromUpstox).toHaveLength(10);
    const kiteInstruments = byIdentity(kite);
    expect([...kiteInstruments.keys()].sort()).toEqual([
      'BFO:SENSEX26DECFUT', 'NFO:360ONE27JANFUT', 'NFO:IDEA26DEC7.5PE', 'NFO:M&M26DEC3000CE', 'NFO:NIFTY26D0124000CE', 'NFO:NIFTY26DEC24000PE',
      'NFO:NIFTY26DECFUT', 'NFO:RELIANCE26DEC1300CE', 'NFO:RELIANCE26DEC1300PE', 'NFO:RELIANCE26DECFUT',
    ]);
    expect(byIdentity(fromUpstox)).toEqual(kiteInstruments);
    const fromDhan = masterDerivatives(dhanMasterEntries(dhanCsv), known);
    expect(byIdentity(fromDhan)).toEqual(kiteInstruments);
    expect(fromDhan.find((row) => row.tradingsymbol === 'NIFTY26D0124000CE')?.brokerKey).toBe('51008');
    expect(kiteInstruments.get('NFO:RELIANCE26DECFUT')).toEqual({
      exchange: 'NFO', tradingsymbol: 'RELIANCE26DECFUT', underlying: 'RELIANCE', kind: 'FUT', expiry: '2026-12-29', strike: null, lotSize: 500,
    });
    expect(kiteInstruments.get('NFO:RELIANCE26DEC1300CE')).toMatchObject({ kind: 'CE', strike: 1300, lotSize: 500 });
    // Each broker's key stays with its row.
    expect(kite.find((row) => row.tradingsymbol === 'RELIANCE26DECFUT')?.brokerKey).toBe('13001');
    expect(fromUpstox.find((row) => row.tradingsymbol === 'RELIANCE26DECFUT')?.brokerKey).toBe('NSE_FO|1');
  });

  it("does not take a Kite row whose symbol says another contract than its columns", async () => {
    const known = await knownUnderlyings(db);
    const [row] = parseInstrumentsCsv(['instrument_token,exchange_token,tradingsymbol,name,last_price,expiry,strike,tick_size,lot_size,instrument_type,segment,exchange',
      '1,1,RELIANCE26DEC1300CE,RELIANCE,0,2026-12-29,1400,0.05,500,CE,NFO-OPT,NFO'].join('\n'));
    expect(kiteDerivative(row!, known)).toBeNull();
    expect(kiteDerivative({ ...row!, strike: 1300, expiry: '2027-01-26' }, known)).toBeNull();
    expect(kiteDerivative({ ...row!, strike: 1300, name: 'TCS' }, known)).toBeNull();
    expect(kiteDerivative({ ...row!, strike: 1300 }, known)).toMatchObject({ tradingsymbol: 'RELIANCE26DEC1300CE' });
  });
});
