// Noren's historical candles for the test server, as NorenRestApiPy asks for them: TPSeries (`exch`, `token`,
// `st`/`et` in epoch seconds, `intrv`) answers one-minute candles newest first, each with `time` "dd-mm-yyyy
// HH:MM:SS" (IST), `ssboe` and `into`/`inth`/`intl`/`intc`/`intv` as text; EODChartData (`sym` "NSE:NIFTY INDEX",
// `from`/`to` in epoch seconds) answers daily candles as JSON strings (the live service's form), `time`
// "dd-MON-yyyy". No candle in the range: Not_Ok "no data". The indices: NSE|26000 (NIFTY INDEX) and NSE|26009 (NIFTY BANK);
// a listed contract by its NFO token (index-candles.ts optionMinutesBetween), with `intv` and `oi`.
import { dayCandle, daysBetween, minutesBetween, optionMinutesBetween, type IndexCandle, type OptionCandle } from '../dhan-server/index-candles.ts';
import { NotOk } from './noren-book.ts';

const levels: Readonly<Record<string, number>> = { 'NSE|26000': 26_000, 'NSE|26009': 59_200 };
const symbols: Readonly<Record<string, string>> = { 'NSE:NIFTY INDEX': 'NSE|26000', 'NSE:NIFTY BANK': 'NSE|26009' };
const months = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const istOffsetMs = 330 * 60_000;

const ist = (at: Date) => new Date(at.getTime() + istOffsetMs).toISOString();
const seconds = (value: unknown, field: string) => {
  const number = Number(value);
  if (typeof value !== 'string' || !Number.isInteger(number)) throw new NotOk(`Invalid Input : ${field}`);
  return new Date(number * 1000);
};
const fields = (candle: IndexCandle | OptionCandle) => ({
  into: candle.open.toFixed(2),
  inth: candle.high.toFixed(2),
  intl: candle.low.toFixed(2),
  intc: candle.close.toFixed(2),
  intv: 'volume' in candle ? String(candle.volume) : '0',
  ...('oi' in candle ? { oi: String(candle.oi) } : {}),
  ssboe: String(candle.start.getTime() / 1000),
});

/** `strikeOf`: a listed contract's strike by its NFO token, undefined for any other. */
export function chartAnswer(name: string, data: Record<string, unknown>, strikeOf: (token: string) => number | undefined = () => undefined): unknown[] | null {
  if (name === 'TPSeries') {
    const level = levels[`${String(data.exch)}|${String(data.token)}`];
    const strike = data.exch === 'NFO' ? strikeOf(String(data.token)) : undefined;
    if (level === undefined && strike === undefined) throw new NotOk('Invalid Input : token');
    if (data.intrv !== '1') throw new NotOk('Invalid Input : only intrv 1 is served here');
    const [st, et] = [seconds(data.st, 'st'), seconds(data.et, 'et')];
    return (strike === undefined ? minutesBetween(level!, st, et) : optionMinutesBetween(strike, st, et))
      .map((candle) => {
        const at = ist(candle.start);
        return { stat: 'Ok', time: `${at.slice(8, 10)}-${at.slice(5, 7)}-${at.slice(0, 4)} ${at.slice(11, 19)}`, ...fields(candle) };
      })
      .reverse();
  }
  if (name === 'EODChartData') {
    const key = symbols[String(data.sym)];
    if (key === undefined) throw new NotOk('Invalid Input : sym');
    const days = daysBetween(ist(seconds(data.from, 'from')).slice(0, 10), ist(seconds(data.to, 'to')).slice(0, 10));
    return days
      .flatMap((day) => dayCandle(levels[key]!, day) ?? [])
      .map((candle) => {
        const day = ist(candle.start);
        return JSON.stringify({ time: `${day.slice(8, 10)}-${months[Number(day.slice(5, 7)) - 1]}-${day.slice(0, 4)}`, ...fields(candle) });
      })
      .reverse();
  }
  return null;
}
