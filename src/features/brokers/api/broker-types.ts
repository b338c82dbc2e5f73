import type { components } from '@openapi/main';

export type Schemas = components['schemas'];
export type Broker = Schemas['Broker'];
export type BrokerAccount = Schemas['BrokerAccount'];
export type BrokerAccountCreate = Schemas['BrokerAccountCreate'];
export type BrokerAccountUpdate = Schemas['BrokerAccountUpdate'];
export type BrokerLoginRequest = Schemas['BrokerLoginRequest'];

// The contract's patterns and bounds as values, for the forms (openapi/main.yaml).
/** AccountNumber: the broker's client id. */
export const ACCOUNT_NUMBER_PATTERN = /^[A-Za-z0-9_-]{2,32}$/;
/** BrokerLoginRequest.request_token: Kite's request_token, Upstox's code (6 characters in its example). */
export const REQUEST_TOKEN_PATTERN = /^[A-Za-z0-9_-]{6,128}$/;
/** BrokerLoginRequest.state. */
export const LOGIN_STATE_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
/** BrokerSlug. */
export const BROKER_SLUG_PATTERN = /^[a-z][a-z0-9_-]{1,31}$/;
export const MAX_ACCOUNT_NAME = 100;
export const MAX_API_KEY = 128;
export const MAX_API_SECRET = 256;
/** Money: 0 to 10,000,000,000 rupees. */
export const MAX_CAPITAL = 10_000_000_000;
/** Zerodha's Kite Connect: live, real money. */
export const KITE_BROKER = 'kite';
/** The paper broker's slug: defined with the trading mode, which every feature reads (src/lib/trading). */
export { PAPER_BROKER } from '@/lib/trading/trading-mode';
export type AccountCompliance = Schemas['AccountCompliance'];
