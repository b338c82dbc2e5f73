import type { components } from '@openapi/main';

type Schemas = components['schemas'];
export type BrokerAccount = Schemas['BrokerAccount'];
export type Portfolio = Schemas['Portfolio'];
export type PortfolioCreate = Schemas['PortfolioCreate'];
export type PortfolioUpdate = Schemas['PortfolioUpdate'];
export type BaseStrategy = Schemas['BaseStrategy'];
export type TradingBot = Schemas['TradingBot'];
export type TradingBotCreate = Schemas['TradingBotCreate'];
export type TradingBotUpdate = Schemas['TradingBotUpdate'];
export type DailyBot = Schemas['DailyBot'];
export type DailyBotCreate = Schemas['DailyBotCreate'];
export type DailyBotUpdate = Schemas['DailyBotUpdate'];
export type IndexName = Schemas['IndexName'];
export type BotStatus = Schemas['BotStatus'];
export type BotParams = Schemas['BotParams'];

// The contract's enums and bounds as values, for the forms; `satisfies` stops a value the contract drops.
export const INDEX_NAMES = ['NIFTY', 'BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY', 'SENSEX'] as const satisfies readonly IndexName[];
/** PortfolioCreate.name and BotName: 1–100 characters; PortfolioDescription: at most 500. */
export const MAX_NAME_LENGTH = 100;
export const MAX_DESCRIPTION_LENGTH = 500;
/** Money: 0 to 10,000,000,000 rupees. */
export const MAX_CAPITAL = 10_000_000_000;
/** BotLots: 1–1000 (the server also checks the index's freeze limit). */
export const MIN_LOTS = 1;
export const MAX_LOTS = 1000;
/** TradingBot.max_stock_positions: a stock-alert bot holds at most this many stocks at once, 1–20, 5 by default. */
export const MIN_STOCK_POSITIONS = 1;
export const MAX_STOCK_POSITIONS = 20;
export const DEFAULT_STOCK_POSITIONS = 5;
/** StopLossPct: 0.01 to 100; TargetPct: 0.01 to 1000; both in hundredths (numeric(7, 2) columns). */
export const MIN_PCT = 0.01;
export const MAX_STOP_LOSS_PCT = 100;
export const MAX_TARGET_PCT = 1000;
