// Backtests (issue 25): a saved bot run over imported history by the server's job queue. Creating one only
// queues it (202); its status and progress are read back until it is done.
import type { components } from '@openapi/main';
import { errorFromStatus } from '@/lib/api/error-from-status';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

type Schemas = components['schemas'];
export type Backtest = Schemas['Backtest'];
export type BacktestCreate = Schemas['BacktestCreate'];
export type BacktestStatus = Schemas['BacktestStatus'];
export type BacktestSummary = Schemas['BacktestSummary'];
export type BacktestTrade = Schemas['BacktestTrade'];
export type BacktestLeg = Schemas['BacktestLeg'];
export type BacktestRoll = Schemas['BacktestRoll'];
export type BacktestRiskStop = Schemas['BacktestRiskStop'];
export type NoTradeDay = Schemas['NoTradeDay'];
export type NoTradeReason = Schemas['NoTradeReason'];
export type BacktestDay = Schemas['BacktestDay'];
export type BacktestEquityPoint = Schemas['BacktestEquityPoint'];
export type BacktestExitRule = Schemas['BacktestExitRule'];
export type ChargeBreakdown = Schemas['ChargeBreakdown'];

/** A backtest still moving: its list row and report are read again until it is not. */
export const isUnderway = (status: BacktestStatus): boolean => status === 'queued' || status === 'running';

/** How often a backtest under way is read again: its progress moves by trading days, a few a second. */
export const underwayPollMs = 2000;

export async function getBacktests(): Promise<Backtest[]> {
  return requireField(await mainApi().GET('/api/backtests/'), 'backtests').backtests;
}

export async function getBacktest(id: number): Promise<Backtest> {
  return requireField(await mainApi().GET('/api/backtests/{id}/', { params: { path: { id } } }), 'backtest').backtest;
}

export async function createBacktest(body: BacktestCreate): Promise<Backtest> {
  return requireField(await mainApi().POST('/api/backtests/', { body }), 'backtest').backtest;
}

/** Cancels a queued or running backtest (answered as it is now), or removes a finished one (null). */
export async function deleteBacktest(id: number): Promise<Backtest | null> {
  const { data, error, response } = await mainApi().DELETE('/api/backtests/{id}/', { params: { path: { id } } });
  // `backtest` is null when removed, so requireField (which wants it present) does not fit this answer.
  if (data === undefined || !('backtest' in data)) throw errorFromStatus(response.status, error ?? data);
  return data.backtest;
}
