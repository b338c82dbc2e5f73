// Each broker's holdings row in the core's shape (issue 63), on the cases the test servers do not reach: Noren's
// demat quantities (the larger of dpqty and npoadqty, pledged and beneficiary shares, what was sold today) and a stock
// listed on BSE only; Dhan's ALL and BSE exchanges and a missing last price; Upstox's T+1 shares and what its sales
// took today.
import { describe, expect, it } from 'vitest';
import { wireHoldingOfDhan } from '../../../server/services/brokers/dhan-broker/dhan-wire.ts';
import { stockName, wireHoldingOfNoren } from '../../../server/services/brokers/noren-broker/noren-wire.ts';
import { wireHoldingOfUpstox } from '../../../server/services/brokers/upstox-broker/upstox-wire.ts';

const noQuantities = { holdqty: null, dpqty: null, npoadqty: null, btstqty: null, benqty: null, unplgdqty: null, brkcolqty: null, usedqty: null, upldprc: '1520.00' };

describe('Noren holdings', () => {
  it('counts the larger of dpqty and npoadqty once, with held, pledged, beneficiary and BTST shares; less what was sold today', () => {
    const holding = wireHoldingOfNoren({
      ...noQuantities,
      holdqty: '100',
      dpqty: '40',
      npoadqty: '60',
      benqty: '5',
      unplgdqty: '3',
      brkcolqty: '2',
      btstqty: '10',
      usedqty: '30',
      listings: [
        { exch: 'BSE', token: '500325', tsym: 'RELIANCE', isin: 'INE002A01018' },
        { exch: 'NSE', token: '2885', tsym: 'RELIANCE-EQ', isin: 'INE002A01018' },
      ],
    });
    expect(holding).toEqual({ exchange: 'NSE', tradingsymbol: 'RELIANCE', isin: 'INE002A01018', shares: 180, sellable: 150, average_paise: 152_000, last_paise: null, key: 'RELIANCE-EQ' });
  });

  it('sells a stock listed on BSE alone there, under its BSE symbol; a row without listings is left out', () => {
    const holding = wireHoldingOfNoren({ ...noQuantities, holdqty: '7', listings: [{ exch: 'BSE', token: '999001', tsym: 'SMALLCO', isin: null }] });
    expect(holding).toMatchObject({ exchange: 'BSE', tradingsymbol: 'SMALLCO', isin: null, shares: 7, sellable: 7, key: 'SMALLCO' });
    expect(wireHoldingOfNoren({ ...noQuantities, holdqty: '7', listings: [] })).toBeNull();
  });

  it("names NSE's series off a symbol, nothing else", () => {
    expect(['RELIANCE-EQ', 'IDEA-BE', 'M&M-EQ', 'BAJAJ-AUTO-EQ', 'SMALLCO'].map(stockName)).toEqual(['RELIANCE', 'IDEA', 'M&M', 'BAJAJ-AUTO', 'SMALLCO']);
  });
});

describe('Dhan holdings', () => {
  const row = { exchange: 'ALL', tradingSymbol: 'HDFCBANK', securityId: '1333', isin: 'INE040A01034', totalQty: 100, dpQty: 90, t1Qty: 10, availableQty: 80, avgCostPrice: 1650.5, lastTradedPrice: null };

  it('sells a stock listed on both exchanges on NSE, what Dhan says is available, under its security id', () => {
    expect(wireHoldingOfDhan(row)).toEqual({ exchange: 'NSE', tradingsymbol: 'HDFCBANK', isin: 'INE040A01034', shares: 100, sellable: 80, average_paise: 165_050, last_paise: null, key: '1333' });
  });

  it('keeps a BSE holding on BSE, with its last price when Dhan answers one', () => {
    expect(wireHoldingOfDhan({ ...row, exchange: 'BSE', lastTradedPrice: 1700 })).toMatchObject({ exchange: 'BSE', last_paise: 170_000 });
  });
});

describe('Upstox holdings', () => {
  it('counts T+1 shares and takes off what the day’s sales used; the instrument key is the sale’s', () => {
    const holding = wireHoldingOfUpstox({
      exchange: 'NSE',
      instrument_token: 'NSE_EQ|INE528G01035',
      trading_symbol: 'YESBANK',
      isin: 'INE528G01035',
      product: 'D',
      quantity: 36,
      t1_quantity: 4,
      cnc_used_quantity: 10,
      average_price: 18.75,
      last_price: 17.05,
      close_price: 17.05,
    });
    expect(holding).toEqual({ exchange: 'NSE', tradingsymbol: 'YESBANK', isin: 'INE528G01035', shares: 40, sellable: 30, average_paise: 1875, last_paise: 1705, key: 'NSE_EQ|INE528G01035' });
  });
});
