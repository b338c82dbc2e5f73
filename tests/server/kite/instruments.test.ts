import { describe, expect, it } from 'vitest';
import {
  indexDerivatives,
  instrumentKey,
  parseInstrumentsCsv,
  underlyingOf,
} from '../../../server/services/brokers/kite/instruments.ts';
import { KiteError } from '../../../server/services/brokers/kite/kite-errors.ts';
import { defaultInstruments, instrumentsCsv } from '../../kite-server/instruments-data.ts';
import { kiteMock } from './kite-support.ts';

const header = 'instrument_token,exchange_token,tradingsymbol,name,last_price,expiry,strike,tick_size,lot_size,instrument_type,segment,exchange';

describe('Kite instruments CSV', () => {
  it("reads Zerodha's sample dump into typed rows", () => {
    const rows = parseInstrumentsCsv(kiteMock('instruments_all.sample.csv'));
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual({
      instrument_token: 12075266,
      exchange_token: 47169,
      tradingsymbol: 'BANKNIFTY18JAN23700PE',
      name: '',
      last_price: 48.15,
      expiry: '2018-01-25',
      strike: 23700,
      tick_size: 0.05,
      lot_size: 40,
      instrument_type: 'PE',
      segment: 'NFO-OPT',
      exchange: 'NFO',
    });
    expect(instrumentKey(rows[0]!)).toBe('NFO:BANKNIFTY18JAN23700PE');
  });

  it('finds the index of a derivative from its name, or from its symbol when the dump leaves the name blank', () => {
    expect(parseInstrumentsCsv(kiteMock('instruments_all.sample.csv')).map(underlyingOf)).toEqual(['BANKNIFTY', 'BANKNIFTY', 'BANKNIFTY']);
    expect(underlyingOf({ name: '', tradingsymbol: 'MIDCPNIFTY26JAN13000CE' })).toBe('MIDCPNIFTY');
    expect(underlyingOf({ name: '', tradingsymbol: 'NIFTYNXT5026JAN70000CE' })).toBeNull();
    expect(underlyingOf({ name: 'NIFTY', tradingsymbol: 'NIFTY26JAN26000CE' })).toBe('NIFTY');
    expect(underlyingOf({ name: 'RELIANCE', tradingsymbol: 'RELIANCE26JANFUT' })).toBeNull();
  });

  it('keeps only NFO and BFO options and futures of the five indices', () => {
    const csv = [
      header,
      '1,1,NIFTY26JAN26000CE,NIFTY,100,2026-01-27,26000,0.05,75,CE,NFO-OPT,NFO',
      '2,2,FINNIFTY26JANFUT,FINNIFTY,27000,2026-01-27,0,0.05,65,FUT,NFO-FUT,NFO',
      '3,3,SENSEX26JAN84000PE,SENSEX,200,2026-01-22,84000,0.05,20,PE,BFO-OPT,BFO',
      '4,4,RELIANCE26JANFUT,RELIANCE,1500,2026-01-27,0,0.1,500,FUT,NFO-FUT,NFO',
      '256265,1001,NIFTY 50,NIFTY 50,26000,,0,0,0,EQ,INDICES,NSE',
      '5,5,BANKEX26JAN60000CE,BANKEX,300,2026-01-27,60000,0.05,30,CE,BFO-OPT,BFO',
    ].join('\n');
    const rows = parseInstrumentsCsv(csv);
    expect(indexDerivatives(rows).map((row) => row.tradingsymbol)).toEqual(['NIFTY26JAN26000CE', 'FINNIFTY26JANFUT', 'SENSEX26JAN84000PE']);
    expect(indexDerivatives(rows, { underlyings: ['SENSEX'] }).map((row) => row.instrument_token)).toEqual([3]);
    expect(indexDerivatives(rows, { kinds: ['future'] }).map((row) => row.instrument_token)).toEqual([2]);
    expect(rows[4]?.expiry).toBeNull();
  });

  it('honours quoted names and finds columns by their header', () => {
    const csv = 'exchange,segment,instrument_type,lot_size,tick_size,strike,expiry,last_price,name,tradingsymbol,exchange_token,instrument_token\r\n'
      + 'NSE,NSE,EQ,1,0.05,0,,10,"ACME, ""THE"" LTD",ACME,9,2305\r\n';
    expect(parseInstrumentsCsv(csv)[0]).toMatchObject({ name: 'ACME, "THE" LTD', tradingsymbol: 'ACME', instrument_token: 2305 });
  });

  it('refuses a dump without a column it needs, or with a number that is not one', () => {
    expect(() => parseInstrumentsCsv('instrument_token,tradingsymbol\n1,X')).toThrow(KiteError);
    expect(() => parseInstrumentsCsv(`${header}\nabc,1,X,,1,,0,0.05,1,EQ,NSE,NSE`)).toThrow(/instrument_token/);
  });

  it("reads back the test server's own dump", () => {
    const served = defaultInstruments();
    const rows = parseInstrumentsCsv(instrumentsCsv(served));
    expect(rows.map((row) => row.tradingsymbol)).toEqual(served.map((row) => row.tradingsymbol));
    expect(indexDerivatives(rows).every((row) => row.exchange === 'NFO' || row.exchange === 'BFO')).toBe(true);
  });
});
