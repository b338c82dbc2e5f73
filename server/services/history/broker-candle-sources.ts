// Where Dhan's and the Noren brokers' (Shoonya, Flattrade) candles come from, as CandleSources of
// broker-candles-import.ts: each broker's endpoints (../brokers/dhan/dhan-charts.ts, ../brokers/noren/noren-charts.ts),
// its ids of the indices (the live feed's), its longest request, and its refusals in the trader's words (its
// adapter's, through the account's session: a dead token logs the account out as every live call does).
import type { TradingAccount } from '../brokers/broker-trading.ts';
import { getDailyCandles, getIntradayCandles, dhanIntradayWindowDays, type DhanCandle } from '../brokers/dhan/dhan-charts.ts';
import { DhanError } from '../brokers/dhan/dhan-errors.ts';
import { domainErrorOf } from '../brokers/dhan-broker/dhan-failures.ts';
import type { DhanHttp } from '../brokers/dhan/dhan-http.ts';
import { currentDhanIndexIds } from '../brokers/dhan-broker/dhan-feed.ts';
import type { LiveCalls } from '../brokers/live/live-calls.ts';
import { getDailyPriceSeries, getTimePriceSeries } from '../brokers/noren/noren-charts.ts';
import type { NorenHttp } from '../brokers/noren/noren-http.ts';
import { norenIndexKeys } from '../brokers/noren-broker/noren-prices.ts';
import { DomainError } from '../domain-error.ts';
import { istInstant } from '../market/ist.ts';
import { addDays } from '../market/trading-calendar.ts';
import { brokerHistoryTexts } from '../texts/broker-history-texts.ts';
import { kiteCalls } from '../texts/kite-texts.ts';
import type { MasterContracts } from '../brokers/live/master-contracts.ts';
import type { MasterEntry } from '../brokers/instrument-master.ts';
import type { CandleInterval, CandleSource, OptionSourceCandle, SourceCandle } from './broker-candles-import.ts';
import type { OptionContract } from './option-minutes-store.ts';
import type { HistoryIndex } from './history-files.ts';

/** DH-902: the account has not subscribed to Dhan's Data APIs (https://dhanhq.co/docs/v2/annexure). */
const dataPlanMissingCode = 'DH-902';

const dhanIndices: readonly HistoryIndex[] = ['NIFTY', 'BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY'];

const fromDhan = (candle: DhanCandle): SourceCandle => ({ timestamp: candle.at.toISOString(), open: candle.open, high: candle.high, low: candle.low, close: candle.close });
const optionFromDhan = (candle: DhanCandle): OptionSourceCandle => ({ ...fromDhan(candle), volume: candle.volume, oi: candle.openInterest });

/** The broker's key of a listed option (its scrip master's id), or null. */
type OptionKeys = Pick<MasterContracts<MasterEntry>, 'optionKeyOf'>;
const optionKey = (contracts: OptionKeys, option: OptionContract) =>
  contracts.optionKeyOf({ underlying: option.index, expiry: option.expiry, strike: option.strikePaise / 100, kind: option.optionType });

/**
 * Dhan's limits on its Data APIs, historical charts among them: 5 requests a second and 100,000 a day (DhanHQ v2's
 * "Rate Limit" table, https://dhanhq.co/docs/v2/, as a public Dhan client's README quotes it, "Data APIs (charts)
 * 5/sec · 100,000/day", read 1 December 2026; dhanhq.co itself cannot be reached from here).
 */
export const dhanDataLimits = [
  { ms: 1000, limit: 5 },
  { ms: 24 * 60 * 60_000, limit: 100_000 },
] as const;

/**
 * Noren's data limits: Flattrade publishes 40 requests a second and 200 a minute for its data APIs (StrikeDesk's
 * research notes, market-rules-2026.md, "Brokers after Zerodha and Upstox"); Shoonya publishes none, so the same
 * system is paced the same way.
 */
export const norenDataLimits = [
  { ms: 1000, limit: 40 },
  { ms: 60_000, limit: 200 },
] as const;

/** `indexIds`: the day's scrip master's index ids (its segment I rows), which win over the ids known here. */
export function dhanCandleSource(calls: Pick<LiveCalls<DhanHttp>, 'withSession'>, contracts: OptionKeys, indexIds?: () => Promise<ReadonlyMap<string, string>>): CandleSource {
  return {
    name: 'Dhan',
    source: 'dhan',
    dataLimits: dhanDataLimits,
    optionKey: (option) => optionKey(contracts, option),
    // A listed option by its scrip master security id in NSE_FNO, with its open interest (Dhan's intraday charts).
    async readOption(account, securityId, from, to) {
      try {
        const candles = await calls.withSession(account, ({ http }) => getIntradayCandles(http, { securityId, exchangeSegment: 'NSE_FNO', instrument: 'OPTIDX' }, from, to, true));
        return { candles: candles.map(optionFromDhan), unreadable: 0 };
      } catch (error) {
        throw dataPlanMissing(error) ?? domainErrorOf(error, 'read', kiteCalls.candles) ?? error;
      }
    },
    indices: dhanIndices,
    // Dhan's daily candles have no published request limit: a year a request, as a fetch's longest range.
    windowDays: { minute: dhanIntradayWindowDays, day: 366 },
    async read(account: TradingAccount, interval: CandleInterval, index: HistoryIndex, from: string, to: string) {
      const instrument = { securityId: (await currentDhanIndexIds(indexIds))[index], exchangeSegment: 'IDX_I', instrument: 'INDEX' };
      try {
        const candles = await calls.withSession(account, ({ http }) =>
          interval === 'minute' ? getIntradayCandles(http, instrument, from, to) : getDailyCandles(http, instrument, from, addDays(to, 1)),
        );
        return { candles: candles.map(fromDhan), unreadable: 0 };
      } catch (error) {
        throw dataPlanMissing(error) ?? domainErrorOf(error, 'read', kiteCalls.candles) ?? error;
      }
    },
  };
}

function dataPlanMissing(error: unknown): DomainError | null {
  if (!(error instanceof DhanError) || error.errorCode !== dataPlanMissingCode) return null;
  return DomainError.said('historical_data_not_enabled', brokerHistoryTexts.dhanDataPlan(error.message), { field: 'broker_account_id' });
}

/**
 * The indices' trading symbols in Noren's NSE scrip master (NSE_symbols.txt: "NSE,26000,1,Nifty 50,NIFTY INDEX,INDEX"
 * and "NSE,26009,…,NIFTY BANK"), which EODChartData names as "NSE:<symbol>"; TPSeries takes the token (norenIndexKeys).
 */
export const norenIndexSymbols: Readonly<Partial<Record<HistoryIndex, string>>> = { NIFTY: 'NIFTY INDEX', BANKNIFTY: 'NIFTY BANK' };

/** Seconds since the epoch of an IST day's time ("09:15"). */
const istSeconds = (day: string, time: string) => istInstant(day, time).getTime() / 1000;

export function norenCandleSource(name: string, slug: 'shoonya' | 'flattrade', calls: Pick<LiveCalls<NorenHttp>, 'withBroker'>, contracts: OptionKeys): CandleSource {
  return {
    name,
    source: slug,
    dataLimits: norenDataLimits,
    optionKey: (option) => optionKey(contracts, option),
    // A listed option's TPSeries by its NFO token, with its open interest (`oi`).
    readOption(account, token, from, to) {
      return calls.withBroker(account, 'read', kiteCalls.candles, async ({ http, accountNumber: uid }) => {
        const answer = await getTimePriceSeries(http, { uid, exch: 'NFO', token, st: istSeconds(from, '09:00'), et: istSeconds(to, '15:59') });
        return { candles: answer.candles.map((candle) => ({ timestamp: candle.at, open: candle.open, high: candle.high, low: candle.low, close: candle.close, volume: candle.volume, oi: candle.openInterest })), unreadable: answer.unreadable };
      });
    },
    indices: (Object.keys(norenIndexSymbols) as HistoryIndex[]).filter((index) => norenIndexKeys[index] !== undefined),
    // Noren publishes no limit on a request's range: a month of minutes (about 7,900 candles), a year of days.
    windowDays: { minute: 31, day: 366 },
    read(account: TradingAccount, interval: CandleInterval, index: HistoryIndex, from: string, to: string) {
      const [exch = 'NSE', token = ''] = (norenIndexKeys[index] ?? '').split('|');
      return calls.withBroker(account, 'read', kiteCalls.candles, async ({ http, accountNumber: uid }) => {
        const answer =
          interval === 'minute'
            ? await getTimePriceSeries(http, { uid, exch, token, st: istSeconds(from, '09:00'), et: istSeconds(to, '15:59') })
            : await getDailyPriceSeries(http, { uid, sym: `${exch}:${norenIndexSymbols[index]}`, from: istSeconds(from, '00:00'), to: istSeconds(to, '23:59') });
        return { candles: answer.candles.map((candle) => ({ timestamp: candle.at, open: candle.open, high: candle.high, low: candle.low, close: candle.close })), unreadable: answer.unreadable };
      });
    },
  };
}
