// The replay routes (/api/replays/*, issue 39): a trader's replay of a past day, its clock, its market and
// its own book. In lib, not in a feature: the desk's data layer (the price feed, the chain's facts, the
// trading and position calls) switches to these while a replay is open, and features never import each other.
import type { components } from '@openapi/main';
import { mainApi } from '@/lib/api/clients';
import { errorFromStatus } from '@/lib/api/error-from-status';
import { requireField } from '@/lib/api/require-field';

type Schemas = components['schemas'];
export type Replay = Schemas['Replay'];
export type ReplayDay = Schemas['ReplayDay'];
export type ReplaySpeed = Schemas['ReplaySpeed'];
export type ReplayCreate = Schemas['ReplayCreate'];
export type ReplayQuote = Schemas['ReplayQuote'];
export type ReplayChain = Schemas['ReplayChainResponse'];
type OrderRequest = Schemas['OrderRequest'];

const path = (id: number) => ({ params: { path: { id } } });
const keyed = (id: number, key: string) => ({ params: { path: { id }, header: { 'Idempotency-Key': key } } });

export async function getReplayDays(): Promise<ReplayDay[]> {
  return requireField(await mainApi().GET('/api/replays/days/', { params: { query: {} } }), 'days').days;
}

/** The trader's open replay, or null. */
export async function getOpenReplay(): Promise<Replay | null> {
  const { data, error, response } = await mainApi().GET('/api/replays/');
  if (error !== undefined || data === undefined) throw errorFromStatus(response.status, error);
  return data.replay;
}

export async function startReplay(body: ReplayCreate): Promise<Replay> {
  return requireField(await mainApi().POST('/api/replays/', { body }), 'replay').replay;
}

export async function seekReplay(id: number, minute: string): Promise<Replay> {
  return requireField(await mainApi().POST('/api/replays/{id}/seek/', { ...path(id), body: { minute } }), 'replay').replay;
}

export async function stepReplay(id: number): Promise<Replay> {
  return requireField(await mainApi().POST('/api/replays/{id}/step/', path(id)), 'replay').replay;
}

export async function setReplaySpeed(id: number, speed: ReplaySpeed): Promise<Replay> {
  return requireField(await mainApi().POST('/api/replays/{id}/speed/', { ...path(id), body: { speed } }), 'replay').replay;
}

export async function resetReplay(id: number): Promise<Replay> {
  return requireField(await mainApi().POST('/api/replays/{id}/reset/', path(id)), 'replay').replay;
}

export async function endReplay(id: number): Promise<void> {
  const { error, response } = await mainApi().DELETE('/api/replays/{id}/', path(id));
  if (error !== undefined) throw errorFromStatus(response.status, error);
}

export async function getReplayIndex(id: number) {
  return requireField(await mainApi().GET('/api/replays/{id}/index/', path(id)), 'replay', 'data');
}

export async function getReplayExpiries(id: number) {
  return requireField(await mainApi().GET('/api/replays/{id}/expiries/', path(id)), 'expiries').expiries;
}

export async function getReplayChain(id: number, expiry: string): Promise<ReplayChain> {
  return requireField(await mainApi().GET('/api/replays/{id}/chain/', { params: { path: { id }, query: { expiry } } }), 'replay', 'chain', 'data');
}

export async function placeReplayOrders(id: number, key: string, orders: OrderRequest[]) {
  return requireField(await mainApi().POST('/api/replays/{id}/orders/', { ...keyed(id, key), body: { orders } }), 'orders').orders;
}

export async function cancelReplayOrders(id: number, key: string, orderIds: string[]) {
  return requireField(await mainApi().POST('/api/replays/{id}/orders/cancel/', { ...keyed(id, key), body: { order_ids: orderIds } }), 'orders').orders;
}

/** What the orders would need in the replay's book at the replayed minute (margin, premium, charges); places nothing. */
export async function getReplayOrderMargins(id: number, orders: OrderRequest[]) {
  return requireField(await mainApi().POST('/api/replays/{id}/orders/margins/', { ...path(id), body: { orders } }), 'margins').margins;
}

export async function getReplayOrderBook(id: number) {
  return requireField(await mainApi().GET('/api/replays/{id}/orders/', path(id)), 'order_book', 'trades');
}

export async function getReplayPositionBook(id: number) {
  return requireField(await mainApi().GET('/api/replays/{id}/positions/', path(id)), 'position_book').position_book;
}

export type ReplayBot = Schemas['ReplayBot'];
export type ReplayBotAttach = Schemas['ReplayBotAttach'];
export type ReplayBotReport = Schemas['ReplayBotReportResponse'];

/** The replay's bot at the replayed minute (state, actions, positions), or null when none runs in it. */
export async function getReplayBot(id: number): Promise<ReplayBot | null> {
  const { data, error, response } = await mainApi().GET('/api/replays/{id}/bot/', path(id));
  if (error !== undefined || data === undefined) throw errorFromStatus(response.status, error);
  return data.replay_bot;
}

/** Runs a saved bot, or one configured on the spot, in the replay from its replayed minute. */
export async function attachReplayBot(id: number, body: ReplayBotAttach): Promise<ReplayBot> {
  return requireField(await mainApi().POST('/api/replays/{id}/bot/', { ...path(id), body }), 'replay_bot').replay_bot;
}

/** The bot's report, a backtest's of the replayed day (`final` once the day reached its session's close). */
export async function getReplayBotReport(id: number): Promise<ReplayBotReport> {
  return requireField(await mainApi().GET('/api/replays/{id}/bot/report/', path(id)), 'summary', 'trades');
}

export type ReplayCandleInterval = NonNullable<Schemas['ReplayCandlesResponse']['interval']>;

/** The replayed index's candles from the open to the replayed minute, never after it. */
export async function getReplayCandles(id: number, interval: ReplayCandleInterval) {
  return requireField(await mainApi().GET('/api/replays/{id}/candles/', { params: { path: { id }, query: { interval } } }), 'replay', 'candles');
}

/** Stops the replay's bot at the replayed minute: it exits what it holds there and enters nothing more. */
export async function stopReplayBot(id: number): Promise<ReplayBot> {
  return requireField(await mainApi().POST('/api/replays/{id}/bot/stop/', path(id)), 'replay_bot').replay_bot;
}
