import type { components } from '@openapi/main';

type Schemas = components['schemas'];
export type Order = Schemas['Order'];
export type Trade = Schemas['Trade'];
export type OrderRequest = Schemas['OrderRequest'];
export type OrderBook = Schemas['OrderBookResponse'];
export type OrdersResponse = Schemas['OrdersResponse'];
export type OrderMargins = Schemas['OrderMarginsResponse']['margins'];
export type PlaceTradesRequest = Schemas['PlaceTradesRequest'];
export type ModifyOrderRequest = Schemas['ModifyOrderRequest'];
export type ExecuteOrderRequest = Schemas['ExecuteOrderRequest'];
export type SquareoffTradesRequest = Schemas['SquareoffTradesRequest'];
export type StopLossOrderRequest = Schemas['StopLossOrderRequest'];
export type TargetOrderRequest = Schemas['TargetOrderRequest'];
export type TransactionType = Schemas['TransactionType'];
export type Product = Schemas['Product'];
export type OrderStatus = Schemas['OrderStatus'];
export type KillSwitchState = Schemas['KillSwitch'];
/**
 * What the account's broker takes, as the server's adapter declares it (GET /api/brokers/brokers/): whether an AMO is
 * the trader's choice and the times it may name, and the depth levels it streams. The screens ask only that.
 */
export type BrokerCapabilities = Schemas['BrokerCapabilities'];
/** When a chosen AMO goes to the exchange (Dhan's `amoTime`), where the broker takes one. */
export type AfterMarketTime = Schemas['AfterMarketTime'];
/** What the trading screens know of the account they trade on: whose it is, and paper or live (its broker). */
export type TradingAccount = Pick<Schemas['BrokerAccount'], 'id' | 'name' | 'account_number' | 'broker'>;
