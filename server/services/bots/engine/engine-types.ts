// What the engine reads per tick (in bulk, engine-store.ts) and hands to the rules (rules.ts).
import type { components } from '../../../../openapi/main.d.ts';
import type { IndexName } from '../../market/index-config.ts';
import type { BotActionName, BotKind } from './action-keys.ts';

type Schemas = components['schemas'];

export type EngineBot = {
  kind: BotKind;
  id: number;
  name: string;
  portfolioId: number;
  userId: number;
  account: { id: number; accountNumber: string; capitalPaise: number };
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
};

export type RunLeg = { exchange: string; tradingsymbol: string; side: 'BUY' | 'SELL'; quantity: number; pricePaise: number };

export type BotRunRow = {
  state: Schemas['BotDayState'];
  reason: string | null;
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
  phase: 'entry' | 'exit';
  status: Schemas['BotActionStatus'];
  attempts: number;
  claimedAt: Date;
  completedAt: Date | null;
  message: string | null;
  key: string;
  orderIds: string[];
};

/** A leg the bot holds now (from its orders' trades): signed quantity, long positive. */
export type HeldLeg = { exchange: string; tradingsymbol: string; product: 'MIS' | 'NRML'; quantity: number };

export type Decision =
  | { type: 'none' }
  | { type: 'missed'; reason: string }
  | { type: 'entry'; action: 'enter' | 're_enter'; sequence: number; legs: 'preset' | 'same' | 'CE' | 'PE'; signalAt: Date | null }
  | { type: 'exit'; action: Exclude<BotActionName, 'enter' | 're_enter'>; sequence: number; reason: string };

export const botKey = (kind: BotKind, id: number) => `${kind}:${id}`;
