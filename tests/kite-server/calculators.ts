// Margin and charge arithmetic for the test server. The shapes are Kite's (basket_margins.json,
// order_margins.json, virtual_contract_note.json); the numbers are deliberately simple stand-ins, not
// Zerodha's SPAN: an option buyer pays the premium; an option seller 12% of the strike's notional (SPAN)
// plus 2% (exposure); futures 12% + 2% of the contract value. In a basket, a short option hedged by a long
// one on the same index keeps 30% of its SPAN. Charges use the F&O rates of 2025 (STT 0.1% / 0.02% on the
// sell side, NSE transaction charges, SEBI ₹10 a crore, stamp duty on the buy side, 18% GST).
import type { KiteTransactionType } from '../../server/services/brokers/kite/kite-order-types.ts';
import type { ServerInstrument } from './instruments-data.ts';
import type { OrderRequest } from './order-validation.ts';

export type PricedOrder = { instrument: ServerInstrument; side: KiteTransactionType; quantity: number; pricePaise: number };

type Components = { span: number; exposure: number; option_premium: number };

function components({ instrument, side, quantity, pricePaise }: PricedOrder): Components {
  const option = instrument.instrument_type === 'CE' || instrument.instrument_type === 'PE';
  if (option && side === 'BUY') return { span: 0, exposure: 0, option_premium: (pricePaise * quantity) / 100 };
  const notional = option ? instrument.strike * quantity : (pricePaise * quantity) / 100;
  return { span: notional * 0.12, exposure: notional * 0.02, option_premium: option ? -(pricePaise * quantity) / 100 : 0 };
}

/** What the risk check asks before admitting an order, in paise. */
export function requiredMarginPaise(request: OrderRequest, lastPaise: number): number {
  const pricePaise = request.pricePaise || lastPaise;
  const part = components({ instrument: request.instrument, side: request.side, quantity: request.quantity, pricePaise });
  return Math.round((part.span + part.exposure + Math.max(0, part.option_premium)) * 100);
}

export function charges({ instrument, side, quantity, pricePaise }: PricedOrder) {
  const turnover = (pricePaise * quantity) / 100;
  const option = instrument.instrument_type === 'CE' || instrument.instrument_type === 'PE';
  const brokerage = turnover === 0 ? 0 : option ? 20 : Math.min(20, turnover * 0.0003);
  const transactionTax = side === 'SELL' ? turnover * (option ? 0.001 : 0.0002) : 0;
  const exchange = turnover * (option ? 0.0003503 : 0.0000173);
  const sebi = turnover * 0.000001;
  const stamp = side === 'BUY' ? turnover * (option ? 0.00003 : 0.00002) : 0;
  const gst = (brokerage + exchange + sebi) * 0.18;
  return {
    transaction_tax: transactionTax,
    transaction_tax_type: 'stt',
    exchange_turnover_charge: exchange,
    sebi_turnover_charge: sebi,
    brokerage,
    stamp_duty: stamp,
    gst: { igst: gst, cgst: 0, sgst: 0, total: gst },
    total: brokerage + transactionTax + exchange + sebi + stamp + gst,
  };
}

type Charges = ReturnType<typeof charges>;

function marginEntry(order: PricedOrder | null, part: Components, charge: Charges) {
  return {
    type: order ? 'equity' : '',
    tradingsymbol: order?.instrument.tradingsymbol ?? '',
    exchange: order?.instrument.exchange ?? '',
    ...part,
    additional: 0,
    bo: 0,
    cash: 0,
    var: 0,
    pnl: { realised: 0, unrealised: 0 },
    leverage: order ? 1 : 0,
    charges: charge,
    total: part.span + part.exposure + Math.max(0, part.option_premium),
  };
}

export function orderMarginJson(order: PricedOrder) {
  return marginEntry(order, components(order), charges(order));
}

function sum(parts: readonly Components[]): Components {
  return parts.reduce((a, b) => ({ span: a.span + b.span, exposure: a.exposure + b.exposure, option_premium: a.option_premium + b.option_premium }), {
    span: 0,
    exposure: 0,
    option_premium: 0,
  });
}

function sumCharges(list: readonly Charges[]): Charges {
  const total = (pick: (c: Charges) => number) => list.reduce((acc, c) => acc + pick(c), 0);
  const gst = total((c) => c.gst.total);
  return {
    transaction_tax: total((c) => c.transaction_tax),
    transaction_tax_type: '',
    exchange_turnover_charge: total((c) => c.exchange_turnover_charge),
    sebi_turnover_charge: total((c) => c.sebi_turnover_charge),
    brokerage: total((c) => c.brokerage),
    stamp_duty: total((c) => c.stamp_duty),
    gst: { igst: gst, cgst: 0, sgst: 0, total: gst },
    total: total((c) => c.total),
  };
}

export function basketMarginJson(orders: readonly PricedOrder[]) {
  const parts = orders.map(components);
  const isOption = (o: PricedOrder) => o.instrument.instrument_type === 'CE' || o.instrument.instrument_type === 'PE';
  const hedged = (o: PricedOrder) =>
    isOption(o) && o.side === 'SELL' && orders.some((other) => isOption(other) && other.side === 'BUY' && other.instrument.name === o.instrument.name);
  const finalParts = orders.map((order, index) => {
    const part = parts[index] ?? { span: 0, exposure: 0, option_premium: 0 };
    return hedged(order) ? { ...part, span: part.span * 0.3 } : part;
  });
  const orderCharges = orders.map(charges);
  const basketCharges = sumCharges(orderCharges);
  return {
    initial: marginEntry(null, sum(parts), basketCharges),
    final: marginEntry(null, sum(finalParts), basketCharges),
    orders: orders.map((order, index) => marginEntry(order, parts[index] ?? sum([]), orderCharges[index] ?? basketCharges)),
    charges: basketCharges,
  };
}
