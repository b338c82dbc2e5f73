// A stock's day in NSE's UDiFF F&O bhavcopy layout (issue 63), for the stock views' server and browser tests: its
// futures months (settlement, OI in shares, change in OI) and, where a volatility is given, one expiry's options
// priced as NSE's chain reads IV (Black–Scholes on the underlying at 10 %) at that volatility, to the paisa.
import { black76Price } from '../../../quant/black76.ts';
import { expiryInstantMs } from '../../../quant/contract-expiry.ts';
import { exchangeIvRate } from '../../../quant/exchange-volatility.ts';
import { forwardFromSpot, yearsToExpiry } from '../../../quant/option-inputs.ts';

const header =
  'TradDt,BizDt,Sgmt,Src,FinInstrmTp,FinInstrmId,ISIN,TckrSymb,SctySrs,XpryDt,FininstrmActlXpryDt,StrkPric,OptnTp,FinInstrmNm,OpnPric,HghPric,LwPric,ClsPric,LastPric,PrvsClsgPric,UndrlygPric,SttlmPric,OpnIntrst,ChngInOpnIntrst,TtlTradgVol,TtlTrfVal,TtlNbOfTxsExctd,SsnId,NewBrdLotQty,Rmks,Rsvd1,Rsvd2,Rsvd3,Rsvd4';

/** A future's day: expiry, settlement (₹), open interest and its change (shares). */
export type FutureDay = readonly [expiry: string, settle: number, oi: number, change: number];

export type StockDay = {
  day: string;
  symbol: string;
  spot: number;
  lot: number;
  futures: readonly FutureDay[];
  /** The options: their expiry, strikes and the one volatility they are priced at (none when null). */
  options: { expiry: string; strikes: readonly number[]; sigma: number } | null;
};

/** A settlement priced as NSE's chain reads IV, at volatility σ, to the paisa (the close at 15:30 IST, as in 2025). */
export function exchangePrice(kind: 'CE' | 'PE', spot: number, strike: number, day: string, expiry: string, volatility: number): number {
  const years = yearsToExpiry(Date.parse(`${day}T15:30:00+05:30`), expiryInstantMs(expiry, '15:30'));
  return Math.round(black76Price({ kind, forward: forwardFromSpot(spot, exchangeIvRate, years), strike, years, rate: exchangeIvRate, volatility }) * 100) / 100;
}

export function stockUdiffDay({ day, symbol, spot, lot, futures, options }: StockDay): { name: string; csv: string } {
  const lines: string[] = [header];
  let id = 80_000;
  const row = (type: 'STF' | 'STO', expiry: string, strike: number | null, option: 'CE' | 'PE' | null, price: number, oi: number, change: number) => {
    id += 1;
    const p = price.toFixed(2);
    lines.push(
      `${day},${day},FO,NSE,${type},${id},,${symbol},,${expiry},${expiry},${strike === null ? '' : `${strike}.00`},${option ?? ''},${symbol}${id},${p},${p},${p},${p},${p},${p},${spot.toFixed(2)},${p},${oi},${change},1000,1000000.00,100,F1,${lot},,,,,`,
    );
  };
  for (const [expiry, settle, oi, change] of futures) row('STF', expiry, null, null, settle, oi, change);
  if (options !== null) {
    for (const strike of options.strikes) for (const type of ['CE', 'PE'] as const) row('STO', options.expiry, strike, type, exchangePrice(type, spot, strike, day, options.expiry, options.sigma), 500_000, 0);
  }
  return { name: `BhavCopy_NSE_FO_0_0_0_${day.replaceAll('-', '')}_F_0000.csv`, csv: `${lines.join('\n')}\n` };
}
