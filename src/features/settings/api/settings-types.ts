import type { components } from '@openapi/main';

type Schemas = components['schemas'];
export type User = Schemas['User'];
export type ProfileUpdate = Schemas['ProfileUpdateRequest'];
export type ChangePasswordRequest = Schemas['ChangePasswordRequest'];
export type TradeDefaults = Schemas['TradeDefaults'];
export type Product = TradeDefaults['product'];
export type DefaultOrderType = TradeDefaults['order_type'];
export type IndexName = TradeDefaults['index'];

// The contract's enum and bounds as values, for the form; `satisfies` stops an index the contract drops.
export const INDEX_NAMES = ['NIFTY', 'BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY', 'SENSEX'] as const satisfies readonly IndexName[];
/** TradeDefaults.lots: minimum 1, maximum 1000 in openapi/main.yaml. */
export const MIN_LOTS = 1;
export const MAX_LOTS = 1000;
