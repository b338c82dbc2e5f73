// Dhan's historical candles (https://dhanhq.co/docs/v2/historical-data/) for the test server: POST
// /v2/charts/intraday (`interval` "1", `fromDate`/`toDate` "YYYY-MM-DD HH:MM:SS" IST, at most 90 days) and POST
// /v2/charts/historical (`fromDate` included, `toDate` not), for the indices in segment IDX_I, answered as Dhan's
// parallel arrays (`open`, `high`, `low`, `close`, `volume`, `timestamp` in epoch seconds; a daily candle's at
// 00:00 IST). A listed option (NSE_FNO, OPTIDX, by its scrip master security id) has intraday minutes too
// (index-candles.ts optionMinutesBetween), with `open_interest` when asked with `oi: true`. A client without Dhan's
// Data API plan is refused DH-902, as Dhan's annexure lists it.
import { DhanRefusal, inputException } from './http-util.ts';
import { dayCandle, daysBetween, minutesBetween, optionMinutesBetween, type IndexCandle, type OptionCandle } from './index-candles.ts';

/** The indices the charts serve, by security id in IDX_I, at their first level: NIFTY 13, BANKNIFTY 25, FINNIFTY 27, MIDCPNIFTY 442. */
export const chartLevels: Readonly<Record<string, number>> = { '13': 26_000, '25': 59_200, '27': 27_500, '442': 13_500 };

const istOffsetMs = 330 * 60_000;
const noDataPlan = () => new DhanRefusal(403, 'Invalid_Access', 'DH-902', 'User has not subscribed to Data APIs or does not have access to Trading APIs.');

function istInstant(text: unknown, field: string): Date {
  const match = typeof text === 'string' ? /^(\d{4}-\d{2}-\d{2})(?: (\d{2}:\d{2}:\d{2}))?$/.exec(text) : null;
  if (match === null) throw inputException(`${field} must be YYYY-MM-DD or YYYY-MM-DD HH:MM:SS`);
  return new Date(Date.parse(`${match[1]}T${match[2] ?? '00:00:00'}Z`) - istOffsetMs);
}

function arrays(candles: readonly (IndexCandle | OptionCandle)[], oi = false) {
  return {
    open: candles.map((c) => c.open),
    high: candles.map((c) => c.high),
    low: candles.map((c) => c.low),
    close: candles.map((c) => c.close),
    volume: candles.map((c) => ('volume' in c ? c.volume : 0)),
    timestamp: candles.map((c) => c.start.getTime() / 1000),
    ...(oi ? { open_interest: candles.map((c) => ('oi' in c ? c.oi : 0)) } : {}),
  };
}

/** `strikeOf`: a listed option's strike by its security id (the server's scrip master), undefined for any other id. */
export function createCharts(strikeOf: (securityId: string) => number | undefined = () => undefined) {
  const withoutPlan = new Set<string>();
  const levels = new Map(Object.entries(chartLevels));
  const asked: Array<{ path: string; body: Record<string, unknown> }> = [];

  function levelOf(body: Record<string, unknown>): number {
    if (body.exchangeSegment !== 'IDX_I' || body.instrument !== 'INDEX') throw inputException('Only indices (IDX_I, INDEX) are charted here');
    const level = levels.get(String(body.securityId));
    if (level === undefined) throw inputException(`Unknown securityId ${String(body.securityId)}`);
    return level;
  }

  return {
    /** Whether the path is a chart's; its answer when it is. */
    answer(clientId: string, path: string, body: Record<string, unknown>): Record<string, unknown[]> | null {
      if (path !== '/v2/charts/intraday' && path !== '/v2/charts/historical') return null;
      asked.push({ path, body });
      if (withoutPlan.has(clientId)) throw noDataPlan();
      if (body.exchangeSegment === 'NSE_FNO' && path === '/v2/charts/intraday') {
        const strike = body.instrument === 'OPTIDX' ? strikeOf(String(body.securityId)) : undefined;
        if (strike === undefined) throw inputException(`Unknown securityId ${String(body.securityId)} in NSE_FNO`);
        return arrays(optionMinutesBetween(strike, istInstant(body.fromDate, 'fromDate'), istInstant(body.toDate, 'toDate')), body.oi === true);
      }
      const level = levelOf(body);
      const from = istInstant(body.fromDate, 'fromDate');
      const to = istInstant(body.toDate, 'toDate');
      if (path === '/v2/charts/intraday') {
        if (body.interval !== '1') throw inputException('Only interval 1 is served here');
        if (to.getTime() - from.getTime() > 90 * 86_400_000) throw inputException('Intraday data is given for at most 90 days a request');
        return arrays(minutesBetween(level, from, to));
      }
      const ist = (at: Date) => new Date(at.getTime() + istOffsetMs).toISOString().slice(0, 10);
      const days = daysBetween(ist(from), ist(new Date(to.getTime() - 1)));
      return arrays(days.flatMap((day) => dayCandle(level, day) ?? []));
    },
    /** Charts an index listed under another security id. */
    chartIndex: (securityId: string, level: number) => void levels.set(securityId, level),
    setDataPlan: (clientId: string, on: boolean) => void (on ? withoutPlan.delete(clientId) : withoutPlan.add(clientId)),
    asked: () => [...asked],
  };
}
