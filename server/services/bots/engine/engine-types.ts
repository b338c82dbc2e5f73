// What the engine reads per tick (in bulk, engine-store.ts) and hands to the rules (rules.ts).
import type { components } from '../../../../openapi/main.d.ts';
import type { TradingAccount } from '../../brokers/broker-trading.ts';
import type { IndexName } from '../../market/index-config.ts';
import type { Said } from '../../texts/said.ts';
import type { BotActionName, BotKind } from './action-keys.ts';

type Schemas = components['schemas'];

export type EngineBot = {
  kind: BotKind;
  id: number;
  name: string;
  portfolioId: number;
  userId: number;
  account: TradingAccount;
  /** The account's broker (its slug in the broker registry). */
  broker: string;
  sessionOpen: boolean;
  status: Schemas['BotStatus'];
  strategy: string;
  underlying: IndexName;
  lots: number;
  stopLossPct: number;
  targetPct: number;
  params: Record<string, unknown>;
  /** Daily bots: entry_time twice; trading bots: their entry window. */
  entryFrom: string;
  entryUntil: string;
  exitTime: string;
  /** Daily bots' ISO weekdays; null for trading bots (every trading day). */
  weekdays: number[] | null;
  /**
   * When the bot was last created, resumed or edited: a day's entry time before it is no entry the engine
   * missed, the bot did not exist as it is then (a backtest's bot exists from its first day's midnight).
   */
  changedAt: Date;
  /** Entries come only from the bot's webhook (issue 41): its own entry rules are off; its exits still run. */
  alertsOnly?: boolean;
  /**
   * The underlying is the stock each alert names (issue 63): `underlying` is then the NSE index whose session the
   * bot keeps, and an alert's orders are chosen on each stock's own contracts (withUnderlying).
   */
  stockFromAlert?: boolean;
  /** A stock-alert bot's cap on the stocks it holds at once (issue 63, migration 131); null for other bots. */
  maxStockPositions?: number | null;
};

/**
 * The bot as it trades `symbol`, a stock its alert named: the engine's reads of an underlying (facts, expiries,
 * level, lot: bot-intents.ts) take a stock's symbol as they take an index's.
 */
export const withUnderlying = (bot: EngineBot, symbol: string): EngineBot => ({ ...bot, underlying: symbol as IndexName });

/** A leg the position was entered with; `exitPricePaise` once its own stop-loss closed it (average fill). */
export type RunLeg = { exchange: string; tradingsymbol: string; side: 'BUY' | 'SELL'; quantity: number; pricePaise: number; exitPricePaise?: number };

export type BotRunRow = {
  state: Schemas['BotDayState'];
  reason: string | null;
  /** The reason as a code (said.ts), where the engine says it in codes; null shows the English reason. */
  reasonI18n?: Schemas['LocalText'] | null;
  entries: number;
  reEntriesUsed: number;
  entryPremiumPaise: number | null;
  peakProfitPaise: number | null;
  legs: RunLeg[];
  lastSignalAt: Date | null;
  pauseAction: Schemas['PauseAction'] | null;
};

export type ActionRow = {
  id: number;
  kind: BotKind;
  botId: number;
  day: string;
  action: BotActionName;
  sequence: number;
  /** adjust: a per-leg stop closing part of the position. */
  phase: ActionPhase;
  /** The sold leg whose own stop fired (leg_stop_loss); null for actions on the whole position. */
  leg: string | null;
  status: Schemas['BotActionStatus'];
  attempts: number;
  claimedAt: Date;
  completedAt: Date | null;
  message: string | null;
  /** message as a code and parameters; null before migration 030 and for a live broker's own words. */
  messageI18n: Schemas['LocalText'] | null;
  key: string;
  orderIds: string[];
};

/** A leg the bot holds now (from its orders' trades): signed quantity, long positive. */
export type HeldLeg = { exchange: string; tradingsymbol: string; product: 'MIS' | 'NRML'; quantity: number };

export type ActionPhase = 'entry' | 'adjust' | 'exit';

/** A sold leg whose own stop-loss fired: its place among the run's legs and its contract. */
export type StoppedLeg = { index: number; tradingsymbol: string };

/** How many stocks a bot trading the stock named in the alert holds at once when the trader does not say (migration 131's default). */
export const defaultMaxStockPositions = 5;

export type Decision =
  | { type: 'none' }
  /** `tell`: alert the trader (the engine missed it), or only record why there is no entry today. */
  | { type: 'missed'; reason: Said; tell: boolean }
  | { type: 'entry'; action: 'enter' | 're_enter'; sequence: number; legs: 'preset' | 'same' | 'CE' | 'PE'; signalAt: Date | null }
  | { type: 'exit'; action: Exclude<BotActionName, 'enter' | 're_enter'>; sequence: number; reason: string; leg?: StoppedLeg }
  /** A per-leg stop: close `closes` (EXCHANGE:TRADINGSYMBOL, the leg and its side's hedges), keep the rest. */
  | { type: 'adjust'; action: 'leg_stop_loss'; sequence: number; reason: string; leg: StoppedLeg; closes: string[] };

export const botKey = (kind: BotKind, id: number) => `${kind}:${id}`;
