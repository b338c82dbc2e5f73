// Reads a place-order form as Kite's order system would, refusing what Kite refuses at the door (400
// InputException): an unknown instrument, a quantity off the lot size, a price off the tick, a tag over 20
// characters, and — since Kite's April 2026 rule for API orders — a MARKET or SL-M order without market
// protection.
import type { KiteOrderType, KiteTransactionType, KiteVariety } from '../../server/services/brokers/kite/kite-order-types.ts';
import { inputError } from './answer-error.ts';
import type { ServerInstrument } from './instruments-data.ts';
import type { Market } from './market.ts';

export type OrderRequest = {
  variety: KiteVariety;
  instrument: ServerInstrument;
  side: KiteTransactionType;
  orderType: KiteOrderType;
  quantity: number;
  product: string;
  pricePaise: number;
  triggerPaise: number;
  validity: string;
  validityTtl: number;
  disclosedQuantity: number;
  tag: string | null;
  /** Percent; -1 is Kite's automatic protection; 0 none. */
  marketProtection: number;
  autoslice: boolean;
};

const varieties: readonly string[] = ['regular', 'amo', 'co', 'iceberg', 'auction'];
const orderTypes: readonly string[] = ['MARKET', 'LIMIT', 'SL', 'SL-M'];
export const noProtectionMessage =
  'Market orders without market protection are not allowed via API. Please set market protection or use a Limit order.';

export function isVariety(value: string): value is KiteVariety {
  return varieties.includes(value);
}

function isOrderType(value: string): value is KiteOrderType {
  return orderTypes.includes(value);
}

/** Rupees text to paise, refusing anything off the instrument's tick. */
export function pricePaise(text: string | undefined, field: string, instrument: ServerInstrument): number {
  if (text === undefined || text === '') return 0;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) throw inputError(`Invalid \`${field}\`.`);
  const paise = Math.round(value * 100);
  const tick = Math.round(instrument.tick_size * 100);
  if (tick > 0 && paise % tick !== 0) throw inputError(`Tick size for this script is ${instrument.tick_size.toFixed(2)}. Kindly enter ${field} in the multiple of tick size for this script`);
  return paise;
}

export function readOrderRequest(variety: string, form: URLSearchParams, market: Market): OrderRequest {
  if (!isVariety(variety)) throw inputError('Invalid `variety`.');
  const exchange = form.get('exchange') ?? '';
  const instrument = market.find(`${exchange}:${form.get('tradingsymbol') ?? ''}`);
  if (!instrument || instrument.segment === 'INDICES') throw inputError('Invalid `tradingsymbol`.');
  const side = form.get('transaction_type');
  if (side !== 'BUY' && side !== 'SELL') throw inputError('Invalid `transaction_type`.');
  const orderType = form.get('order_type') ?? '';
  if (!isOrderType(orderType)) throw inputError('Invalid `order_type`.');
  const quantity = Number(form.get('quantity'));
  if (!Number.isInteger(quantity) || quantity <= 0) throw inputError('Invalid `quantity`.');
  if (instrument.lot_size > 1 && quantity % instrument.lot_size !== 0) {
    throw inputError(`Quantity should be a multiple of lot size ${instrument.lot_size}.`);
  }
  const product = form.get('product') ?? '';
  if (!['NRML', 'MIS', 'CNC', 'MTF'].includes(product)) throw inputError('Invalid `product`.');
  const price = pricePaise(form.get('price') ?? undefined, 'price', instrument);
  const trigger = pricePaise(form.get('trigger_price') ?? undefined, 'trigger_price', instrument);
  if ((orderType === 'LIMIT' || orderType === 'SL') && price <= 0) throw inputError('Invalid `price`.');
  if ((orderType === 'SL' || orderType === 'SL-M') && trigger <= 0) throw inputError('Invalid `trigger_price`.');
  const tag = form.get('tag');
  if (tag !== null && (tag.length === 0 || tag.length > 20)) throw inputError('Tag length should be less than 20.');
  const protection = form.has('market_protection') ? Number(form.get('market_protection')) : 0;
  if (!Number.isFinite(protection) || (protection !== -1 && (protection < 0 || protection > 100))) {
    throw inputError('Invalid `market_protection`.');
  }
  if ((orderType === 'MARKET' || orderType === 'SL-M') && protection === 0) throw inputError(noProtectionMessage);
  return {
    variety,
    instrument,
    side,
    orderType,
    quantity,
    product,
    pricePaise: price,
    triggerPaise: trigger,
    validity: form.get('validity') ?? 'DAY',
    validityTtl: Number(form.get('validity_ttl') ?? 0),
    disclosedQuantity: Number(form.get('disclosed_quantity') ?? 0),
    tag,
    marketProtection: protection,
    autoslice: form.get('autoslice') === 'true',
  };
}

/** Kite's automatic protection (-1): 2% here, a stand-in for the exchange's band table. */
export const automaticProtectionPercent = 2;

/**
 * The limit a protected market order becomes: the last price moved by the protection percentage against
 * the trader, kept on the tick inside the band (down for a buy, up for a sell).
 */
export function protectedLimitPaise(side: KiteTransactionType, lastPaise: number, percent: number, tickPaise: number): number {
  const effective = percent === -1 ? automaticProtectionPercent : percent;
  const raw = side === 'BUY' ? lastPaise * (1 + effective / 100) : lastPaise * (1 - effective / 100);
  const ticks = side === 'BUY' ? Math.floor(raw / tickPaise) : Math.ceil(raw / tickPaise);
  return Math.max(tickPaise, ticks * tickPaise);
}
