/**
 * Synthetic NSE F&O bhavcopies in the UDiFF layout, shaped like the real ones (see history-import.bench.ts):
 * ~45,000 rows a day, ~5,000 of them options of the four indices kept. Shared by the import benchmark and
 * whoever profiles the importer.
 */
import { addDays, isoWeekday } from '../../../server/services/market/trading-calendar.ts';

const header =
  'TradDt,BizDt,Sgmt,Src,FinInstrmTp,FinInstrmId,ISIN,TckrSymb,SctySrs,XpryDt,FininstrmActlXpryDt,StrkPric,OptnTp,FinInstrmNm,' +
  'OpnPric,HghPric,LwPric,ClsPric,LastPric,PrvsClsgPric,UndrlygPric,SttlmPric,OpnIntrst,ChngInOpnIntrst,TtlTradgVol,TtlTrfVal,' +
  'TtlNbOfTxsExctd,SsnId,NewBrdLotQty,Rmks,Rsvd1,Rsvd2,Rsvd3,Rsvd4';

type IndexShape = { symbol: string; spot: number; step: number; strikes: number; expiries: number; weekday: number; lot: number };

const indices: IndexShape[] = [
  { symbol: 'NIFTY', spot: 24_300, step: 50, strikes: 200, expiries: 6, weekday: 4, lot: 25 },
  { symbol: 'BANKNIFTY', spot: 52_400, step: 100, strikes: 200, expiries: 4, weekday: 3, lot: 15 },
  { symbol: 'FINNIFTY', spot: 23_200, step: 50, strikes: 100, expiries: 3, weekday: 2, lot: 40 },
  { symbol: 'MIDCPNIFTY', spot: 12_800, step: 25, strikes: 100, expiries: 2, weekday: 1, lot: 75 },
];

/** Weekdays from Monday 1 July 2024 (exchange holidays are not modelled: this measures throughput). */
export function tradingDays(count: number): string[] {
  const days: string[] = [];
  for (let day = '2024-07-01'; days.length < count; day = addDays(day, 1)) if (isoWeekday(day) <= 5) days.push(day);
  return days;
}

function nextWeekday(day: string, weekday: number): string {
  let next = day;
  while (isoWeekday(next) !== weekday) next = addDays(next, 1);
  return next;
}

const price = (value: number) => value.toFixed(2);

function optionRow(day: string, type: string, symbol: string, expiry: string, strike: number, side: string, spot: number, lot: number, id: number): string {
  const intrinsic = Math.max(0, side === 'CE' ? spot - strike : strike - spot);
  const settle = intrinsic + 5 + ((id * 7919) % 400) / 4;
  const oi = lot * (1000 + (id % 5000));
  return `${day},${day},FO,NSE,${type},${id},,${symbol},,${expiry},${expiry},${price(strike)},${side},${symbol}${expiry.replaceAll('-', '')}${strike}${side},` +
    `${price(settle * 1.05)},${price(settle * 1.2)},${price(settle * 0.8)},${price(settle)},${price(settle)},${price(settle * 1.01)},${price(spot)},${price(settle)},` +
    `${oi},${lot * ((id % 200) - 100)},${id % 30_000},${price(settle * lot * (id % 30_000))},${id % 9000},F1,${lot},,,,,`;
}

/** One day's file, as its bytes. */
export function bhavcopy(day: string, dayNumber: number): Buffer {
  // Each row goes straight into the buffer and dies young: a day's 45,000 rows held as strings until a join
  // made the garbage collector most of the bench's (untimed) run.
  const file = Buffer.allocUnsafe(16 * 1024 * 1024);
  let length = 0;
  const lines = {
    push(line: string) {
      if (length + line.length + 1 > file.length) throw new Error('a generated day outgrew its buffer');
      length += file.write(`${line}\n`, length, 'latin1');
    },
  };
  lines.push(header);
  let id = 1;
  for (const index of indices) {
    const spot = index.spot * (1 + 0.1 * Math.sin(dayNumber / 40));
    const atm = Math.round(spot / index.step) * index.step;
    let expiry = nextWeekday(day, index.weekday);
    for (let e = 0; e < index.expiries; e += 1, expiry = addDays(expiry, 7)) {
      for (let k = -index.strikes / 2; k < index.strikes / 2; k += 1) {
        for (const side of ['CE', 'PE']) lines.push(optionRow(day, 'IDO', index.symbol, expiry, atm + k * index.step, side, spot, index.lot, (id += 1)));
      }
    }
    lines.push(optionRow(day, 'IDF', index.symbol, addDays(day, 20), 0.05, 'XX', spot, index.lot, (id += 1)).replace(',0.05,XX,', ',,,'));
  }
  // The stock expiries, worked out once a day rather than once a row: generating is not timed, but it is most of the bench's run.
  const stockExpiries = [addDays(day, 20), addDays(day, 48), addDays(day, 76)];
  for (let k = 0; k < 300; k += 1) lines.push(optionRow(day, 'IDO', 'NIFTYNXT50', stockExpiries[0]!, 70_000 + k * 100, k % 2 === 0 ? 'CE' : 'PE', 71_000, 10, (id += 1)));
  for (let stock = 0; stock < 185; stock += 1) {
    const symbol = `STOCK${String(stock).padStart(3, '0')}`;
    for (let k = 0; k < 216; k += 1) lines.push(optionRow(day, 'STO', symbol, stockExpiries[k % 3]!, 1000 + (k >> 1) * 10, k % 2 === 0 ? 'CE' : 'PE', 1500, 500, (id += 1)));
    for (let k = 0; k < 3; k += 1) lines.push(optionRow(day, 'STF', symbol, stockExpiries[k]!, 0.05, 'XX', 1500, 500, (id += 1)).replace(',0.05,XX,', ',,,'));
  }
  return file.subarray(0, length);
}
