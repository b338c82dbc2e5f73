// The paper broker's fill decision for a working order at one quote (matching.ts decide), as a pure
// function: a MARKET order fills at the other side of the book, a LIMIT when the market reaches it, and a
// stop-loss triggers on the last price, its limit then checked against its own exchange's protection band.
import { describe, expect, it } from 'vitest';
import { decide } from '../../../server/services/brokers/paper/matching.ts';
import type { Quote } from '../../../server/services/brokers/paper/order-rules.ts';
import type { OrderRow } from '../../../server/services/brokers/paper/order-rows.ts';
import { bandOf } from '../support/price-rules.ts';

const order = (fields: Partial<OrderRow>): OrderRow => ({
  id: '1',
  order_id: '261120000000001',
  exchange_order_id: '1100000000000001',
  broker_account_id: 1,
  portfolio_id: null,
  instrument_token: 1,
  exchange: 'NFO',
  tradingsymbol: 'NIFTY26NOV26050CE',
  transaction_type: 'BUY',
  order_type: 'LIMIT',
  product: 'NRML',
  quantity: 65,
  price_paise: '0',
  trigger_price_paise: '0',
  filled_quantity: 0,
  filled_value_paise: '0',
  cancelled_quantity: 0,
  status: 'OPEN',
  status_message: null,
  tag: null,
  purpose: 'entry',
  oco_group: null,
  modifications: 0,
  placed_at: new Date('2026-11-20T04:30:00Z'),
  exchange_at: new Date('2026-11-20T04:30:00Z'),
  intent_ref: null,
  intent_slice: null,
  amo_release_at: null,
  ...fields,
});

// Bid ₹99.50, ask ₹100.50, last ₹100.00.
const quote: Quote = { bidPaise: 9950, askPaise: 10050, lastPaise: 10000, closePaise: 9000 };

describe('a MARKET order', () => {
  it('fills at the ask for a buy and the bid for a sell (its price column is 0), as one placed before the open does at the open', () => {
    expect(decide(order({ order_type: 'MARKET', transaction_type: 'BUY' }), quote, bandOf('NFO'))).toEqual({ action: 'fill', pricePaise: 10050 });
    expect(decide(order({ order_type: 'MARKET', transaction_type: 'SELL' }), quote, bandOf('NFO'))).toEqual({ action: 'fill', pricePaise: 9950 });
  });
});

describe('a triggered stop-loss', () => {
  // A buy stop at ₹100 with its limit at ₹150, the last price reaching ₹100: 50 % above the last price.
  const stop = (exchange: 'NFO' | 'BFO') =>
    order({ exchange, status: 'TRIGGER PENDING', order_type: 'SL', transaction_type: 'BUY', trigger_price_paise: '10000', price_paise: '15000' });

  it('waits while the last price has not reached its trigger', () => {
    expect(decide(stop('NFO'), { ...quote, lastPaise: 9995 }, bandOf('NFO'))).toEqual({ action: 'none' });
  });

  it('enters the book on BSE, whose band is ±60 % (SENSEX options)', () => {
    expect(decide(stop('BFO'), quote, bandOf('BFO'))).toEqual({ action: 'trigger' });
  });

  it('is rejected on NSE, whose band is ±40 %, the reason and its figures kept for the trader', () => {
    const decision = decide(stop('NFO'), quote, bandOf('NFO'));
    expect(decision).toMatchObject({ action: 'cancel' });
    if (decision.action !== 'cancel') return;
    expect(decision.message.text).toMatch(/^Stop-loss triggered, then rejected\. Order price is beyond the exchange's limit price protection: limit ₹150\.00/);
    expect(decision.message.i18n).toEqual({
      code: 'order.stop_triggered_rejected',
      params: { reason: { code: 'order.lpp_band', params: { side: 'buy', price: 150, last: 100, low: 60, high: 140, exchange: 'NSE', percent: 40, floor: 20 } } },
    });
  });
});
