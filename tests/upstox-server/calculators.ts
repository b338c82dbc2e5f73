// Upstox's margin and brokerage calculators in their documented shapes, with stand-in figures (Upstox does
// not publish its SPAN files or its exact rounding): https://upstox.com/developer/api-documentation/margin and
// .../brokerage. A sold option blocks SPAN 9% and exposure 2% of its strike's value; a bought one its premium
// (price, or the last price); a sale and a purchase of the same underlying and quantity in one request hedge
// each other, taking 70% off the sale's SPAN (`final_margin` < `required_margin`). Charges are Upstox's F&O
// tariff: ₹20 an order, STT 0.1% of a sale's premium, exchange transaction 0.03503%, SEBI ₹10 a crore,
// stamp duty 0.003% of a purchase, GST 18% on brokerage, transaction and SEBI charges.
import { invalidInput, UpstoxRefusal } from './http-util.ts';
import type { Market } from './market.ts';

const rupees = (value: number) => Math.round(value * 100) / 100;

type Instrument = { key: string; quantity: number; side: 'BUY' | 'SELL'; price: number | null };

function readInstrument(value: unknown, index: number): Instrument {
  const o = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const { instrument_key: key, quantity, transaction_type: side, product, price } = o;
  if (typeof key !== 'string') throw invalidInput(`instruments[${index}].instrument_key is required`);
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity <= 0) throw invalidInput(`instruments[${index}].quantity is invalid`);
  if (side !== 'BUY' && side !== 'SELL') throw invalidInput(`instruments[${index}].transaction_type is invalid`);
  if (product !== 'I' && product !== 'D' && product !== 'CO' && product !== 'MTF') throw invalidInput(`instruments[${index}].product is invalid`);
  return { key, quantity, side, price: typeof price === 'number' ? price : null };
}

export function createCalculators(market: Market) {
  let down = false;
  const unavailable = () => new UpstoxRefusal(500, 'UDAPI100500', 'Something went wrong. Please try again later');

  function lastOf(key: string): { strike: number; underlying: string; last: number } {
    const instrument = market.instrument(key);
    const quote = market.quote(key);
    if (!instrument?.option || !quote) throw invalidInput('Invalid instrument key.');
    return { strike: instrument.option.strike, underlying: instrument.option.underlying, last: quote.last };
  }

  /** POST /v2/charges/margin: `{instruments: [...]}`, at most 20. */
  function margin(body: Record<string, unknown>) {
    if (down) throw unavailable();
    if (!Array.isArray(body.instruments) || body.instruments.length === 0) throw invalidInput('instruments is required');
    if (body.instruments.length > 20) throw invalidInput('A maximum of 20 instruments is allowed per request');
    const instruments = body.instruments.map(readInstrument);
    const rows = instruments.map((item) => {
      const { strike, underlying, last } = lastOf(item.key);
      const sold = item.side === 'SELL';
      const span = sold ? rupees(strike * item.quantity * 0.09) : 0;
      const exposure = sold ? rupees(strike * item.quantity * 0.02) : 0;
      const premium = sold ? 0 : rupees((item.price ?? last) * item.quantity);
      return { item, underlying, span, margin: { span_margin: span, exposure_margin: exposure, equity_margin: 0, net_buy_premium: premium, additional_margin: 0, total_margin: rupees(span + exposure + premium), tender_margin: 0 } };
    });
    const required = rupees(rows.reduce((sum, row) => sum + row.margin.total_margin, 0));
    const buys = rows.filter((row) => row.item.side === 'BUY');
    const benefit = rows
      .filter((row) => row.item.side === 'SELL')
      .filter((row) => buys.some((buy) => buy.underlying === row.underlying && buy.item.quantity === row.item.quantity))
      .reduce((sum, row) => sum + row.span * 0.7, 0);
    return { margins: rows.map((row) => row.margin), required_margin: required, final_margin: rupees(required - benefit) };
  }

  /** GET /v2/charges/brokerage?instrument_token&quantity&product&transaction_type&price. */
  function brokerage(query: URLSearchParams) {
    if (down) throw unavailable();
    const key = query.get('instrument_token') ?? '';
    lastOf(key);
    const quantity = Number(query.get('quantity'));
    const price = Number(query.get('price'));
    const side = query.get('transaction_type');
    if (!Number.isInteger(quantity) || quantity <= 0) throw invalidInput('quantity is invalid');
    if (!Number.isFinite(price) || price < 0) throw invalidInput('price is invalid');
    if (side !== 'BUY' && side !== 'SELL') throw invalidInput('transaction_type is invalid');
    const value = price * quantity;
    const brokerageFee = 20;
    const transaction = rupees(value * 0.0003503);
    const sebi = rupees(value * 0.000001);
    const stt = side === 'SELL' ? rupees(value * 0.001) : 0;
    const stamp = side === 'BUY' ? rupees(value * 0.00003) : 0;
    const gst = rupees((brokerageFee + transaction + sebi) * 0.18);
    const total = rupees(brokerageFee + transaction + sebi + stt + stamp + gst);
    return { charges: { total, brokerage: brokerageFee, taxes: { gst, stt, stamp_duty: stamp }, other_taxes: { transaction, clearing: 0, sebi_turnover: sebi }, dp_plan: { name: '', min_expense: 0 } } };
  }

  return { margin, brokerage, setDown: (on: boolean) => void (down = on) };
}

export type Calculators = ReturnType<typeof createCalculators>;
