// Exchange files for the browser tests' backtests: a UDiFF bhavcopy of one day, built from the parsers' own
// fixture (tests/server/history/fixtures/) with other values.
import { readFileSync } from 'node:fs';
import type { UploadFile } from '../pages/market-history-page';

const fixtures = new URL('../../server/history/fixtures/', import.meta.url);

const [udiffHeader, , udiffTemplate] = readFileSync(new URL('BhavCopy_NSE_FO_0_0_0_20240708_F_0000.csv', fixtures), 'utf8').split(/\r?\n/);
/** The lot size the UDiFF fixture's NIFTY row gives (NewBrdLotQty): the backtest trades in it. */
export const lotSize = Number(udiffTemplate!.split(',')[udiffHeader!.split(',').indexOf('NewBrdLotQty')]);

/**
 * A UDiFF bhavcopy of one day built from the fixture's own header and NIFTY row (the same layout, other
 * values): a chain of strikes around the index, enough for a straddle, for the week's expiry and the next
 * (with one expiry only the market would take the cycle for monthly and list the month's last Thursday).
 * `settle` gives each strike's call and put for the first expiry; the next one is worth ₹60 more.
 */
export function udiffDay(day: string, expiries: readonly string[], underlying: number, settle: Record<number, [number, number]>): UploadFile {
  const [header, template] = [udiffHeader, udiffTemplate];
  const columns = header!.split(',');
  const set = (cells: string[], name: string, value: string | number) => (cells[columns.indexOf(name)] = String(value));
  const lines = [header!];
  for (const [n, expiry] of expiries.entries()) for (const [strike, [call, put]] of Object.entries(settle)) {
    for (const [type, premium] of [['CE', call], ['PE', put]] as const) {
      const price = premium + 60 * n;
      const cells = template!.split(',');
      for (const name of ['TradDt', 'BizDt']) set(cells, name, day);
      for (const name of ['XpryDt', 'FininstrmActlXpryDt']) set(cells, name, expiry);
      set(cells, 'StrkPric', `${strike}.00`);
      set(cells, 'OptnTp', type);
      set(cells, 'FinInstrmNm', `NIFTY${strike}${type}`);
      for (const name of ['OpnPric', 'HghPric', 'LwPric', 'ClsPric', 'LastPric', 'SttlmPric']) set(cells, name, price.toFixed(2));
      set(cells, 'UndrlygPric', underlying.toFixed(2));
      lines.push(cells.join(','));
    }
  }
  return { name: `BhavCopy_NSE_FO_0_0_0_${day.replaceAll('-', '')}_F_0000.csv`, mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\n')}\n`) };
}

