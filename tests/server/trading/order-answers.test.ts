// The contract's orders, trades and positions from a broker's records (issue 26, from the mutation run):
// paise become rupees at this edge, an order still working says what is pending, a settlement has an order
// id of its own, a live broker's extras pass through, and the trader's first line counts what was placed.
// No server.
import { describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import type { BrokerOrder, BrokerTrade, PositionEntry } from '../../../server/services/brokers/broker-trading.ts';
import { intentOf, ordersMessage, toOrder, toPosition, toTrade, totalChargesStatus } from '../../../server/services/trading/order-answers.ts';

type Order = components['schemas']['Order'];

const placedAt = new Date('2026-11-20T04:30:00Z');
const brokerOrder = (overrides: Partial<BrokerOrder> = {}): BrokerOrder => ({
  order_id: '101',
  exchange_order_id: 'X101',
  broker_account_id: 7,
  portfolio_id: 3,
  instrument_token: 12345,
  exchange: 'NFO',
  tradingsymbol: 'NIFTY26N2326050CE',
  transaction_type: 'BUY',
  order_type: 'LIMIT',
  product: 'NRML',
  quantity: 130,
  price_paise: '12050',
  trigger_price_paise: '11900',
  filled_quantity: 65,
  filled_value_paise: '780000',
  cancelled_quantity: 0,
  status: 'OPEN',
  status_message: null,
  status_message_i18n: null,
  tag: 'k123',
  purpose: 'entry',
  oco_group: null,
  modifications: 2,
  placed_at: placedAt,
  exchange_at: new Date('2026-11-20T04:30:01Z'),
  intent_ref: null,
  intent_slice: null,
  ...overrides,
});

describe('an order as the contract answers it', () => {
  it('gives prices in rupees, the average of what filled, and what is still pending while it works', () => {
    expect(toOrder(brokerOrder(), 'ZX1234')).toEqual({
      order_id: '101',
      exchange_order_id: 'X101',
      account_number: 'ZX1234',
      portfolio_id: 3,
      tradingsymbol: 'NIFTY26N2326050CE',
      instrument_token: 12345,
      exchange: 'NFO',
      transaction_type: 'BUY',
      order_type: 'LIMIT',
      product: 'NRML',
      variety: 'regular',
      validity: 'DAY',
      quantity: 130,
      price: 120.5,
      trigger_price: 119,
      average_price: 120,
      filled_quantity: 65,
      pending_quantity: 65,
      cancelled_quantity: 0,
      status: 'OPEN',
      status_message: null,
      status_message_i18n: null,
      tag: 'k123',
      order_timestamp: '2026-11-20T04:30:00.000Z',
      exchange_timestamp: '2026-11-20T04:30:01.000Z',
      modifications: 2,
    });
  });

  it('has nothing pending once done or rejected, a stop-loss waiting for its trigger has all of it pending, and a part cancelled is not pending', () => {
    expect(toOrder(brokerOrder({ status: 'COMPLETE', filled_quantity: 130 }), 'ZX1234').pending_quantity).toBe(0);
    expect(toOrder(brokerOrder({ status: 'CANCELLED', filled_quantity: 65, cancelled_quantity: 65 }), 'ZX1234').pending_quantity).toBe(0);
    expect(toOrder(brokerOrder({ status: 'REJECTED', filled_quantity: 0, filled_value_paise: '0' }), 'ZX1234').pending_quantity).toBe(0);
    expect(toOrder(brokerOrder({ status: 'TRIGGER PENDING', filled_quantity: 0, filled_value_paise: '0' }), 'ZX1234')).toMatchObject({ pending_quantity: 130, average_price: 0 });
    expect(toOrder(brokerOrder({ filled_quantity: 0, filled_value_paise: '0', cancelled_quantity: 30 }), 'ZX1234').pending_quantity).toBe(100);
  });

  it("keeps the reason's code, no exchange time before the exchange has it, and a live broker's own fields", () => {
    const reason = { code: 'order.kill_switch_cancelled', params: {} } as unknown as NonNullable<BrokerOrder['status_message_i18n']>;
    const order = toOrder(
      brokerOrder({
        exchange_at: null,
        status_message: 'Cancelled',
        status_message_i18n: reason,
        variety: 'amo',
        broker_status: 'AMO REQ RECEIVED',
        parent_order_id: '99',
        market_protection: 3,
        converted_to_limit: true,
      } as Partial<BrokerOrder>),
      'ZX1234',
    );
    expect(order).toMatchObject({ exchange_timestamp: null, status_message: 'Cancelled', status_message_i18n: reason, variety: 'amo' });
    expect(order).toMatchObject({ broker_status: 'AMO REQ RECEIVED', parent_order_id: '99', market_protection: 3, converted_to_limit: true });
    const paper = toOrder(brokerOrder({ status_message_i18n: undefined }), 'ZX1234');
    expect(paper.status_message_i18n).toBeNull();
    for (const extra of ['broker_status', 'parent_order_id', 'market_protection', 'converted_to_limit']) expect(paper).not.toHaveProperty(extra);
  });
});

describe('a trade as the contract answers it', () => {
  const trade = (overrides: Partial<BrokerTrade> = {}): BrokerTrade => ({
    trade_id: '55',
    order_id: '101',
    broker_account_id: 7,
    portfolio_id: null,
    instrument_token: 12345,
    exchange: 'NFO',
    tradingsymbol: 'NIFTY26N2326050CE',
    product: 'NRML',
    transaction_type: 'SELL',
    quantity: 65,
    price_paise: '13025',
    kind: 'fill',
    filled_at: placedAt,
    charges_paise: '6475',
    call_and_trade_paise: '5000',
    ...overrides,
  });

  it('gives its price and charges in rupees, and the call-and-trade charge on its own line', () => {
    expect(toTrade(trade(), 'ZX1234')).toEqual({
      trade_id: '55',
      order_id: '101',
      account_number: 'ZX1234',
      portfolio_id: null,
      tradingsymbol: 'NIFTY26N2326050CE',
      instrument_token: 12345,
      exchange: 'NFO',
      product: 'NRML',
      transaction_type: 'SELL',
      quantity: 65,
      average_price: 130.25,
      fill_timestamp: '2026-11-20T04:30:00.000Z',
      charges: 64.75,
      call_and_trade: 50,
    });
  });

  it('names a settlement, which has no order, by its trade; charges not said yet stay unknown', () => {
    expect(toTrade(trade({ order_id: null, kind: 'settlement' }), 'ZX1234').order_id).toBe('settlement-55');
    expect(toTrade(trade({ charges_paise: null, call_and_trade_paise: null }), 'ZX1234')).toMatchObject({ charges: null, call_and_trade: null });
    expect(toTrade(trade({ call_and_trade_paise: undefined }), 'ZX1234').call_and_trade).toBeNull();
  });
});

describe("the first line of an orders answer", () => {
  const withStatus = (...statuses: Order['status'][]) => statuses.map((status) => toOrder(brokerOrder({ status }), 'ZX1234'));

  it('counts what was placed, and only then what was rejected or cancelled', () => {
    expect(ordersMessage([], 'placed')).toBe('Nothing to do: no open quantity');
    expect(ordersMessage(withStatus('COMPLETE'), 'placed')).toBe('1 order placed');
    expect(ordersMessage(withStatus('COMPLETE', 'OPEN'), 'placed')).toBe('2 orders placed');
    expect(ordersMessage(withStatus('COMPLETE', 'REJECTED', 'CANCELLED', 'CANCELLED'), 'squared off')).toBe('1 order squared off, 1 rejected, 2 cancelled');
    expect(ordersMessage(withStatus('REJECTED'), 'placed')).toBe('0 orders placed, 1 rejected');
  });
});

describe('an order request as an intent', () => {
  it('takes prices in paise, a market order at 0', () => {
    const request = { tradingsymbol: 'NIFTY26N2326050CE', exchange: 'NFO', transaction_type: 'SELL', order_type: 'SL', product: 'MIS', quantity: 65 } as const;
    expect(intentOf({ ...request, price: 90.05, trigger_price: 95.1 })).toEqual({
      exchange: 'NFO',
      tradingsymbol: 'NIFTY26N2326050CE',
      side: 'SELL',
      orderType: 'SL',
      product: 'MIS',
      quantity: 65,
      pricePaise: 9005,
      triggerPaise: 9510,
    });
    expect(intentOf({ ...request, order_type: 'MARKET' })).toMatchObject({ pricePaise: 0, triggerPaise: 0 });
  });
});

describe('a position as the contract answers it', () => {
  // Bought 130 (65 yesterday at ₹100, 65 today at ₹110), sold 65 today at ₹120; last ₹125, closed ₹110.
  const entry: PositionEntry = {
    contract: { instrumentToken: 12345, exchange: 'NFO', tradingsymbol: 'NIFTY26N2326050CE', index: 'NIFTY', expiry: '2026-11-23', strike: 26050, kind: 'CE', lotSize: 65 },
    portfolioId: 3,
    product: 'NRML',
    bot: null,
    totals: {
      buyQuantity: 130,
      buyValuePaise: 1_365_000,
      sellQuantity: 65,
      sellValuePaise: 780_000,
      dayBuyQuantity: 65,
      dayBuyValuePaise: 715_000,
      daySellQuantity: 65,
      daySellValuePaise: 780_000,
      chargesPaise: 4_000,
      dayChargesPaise: 2_500,
    },
    lastPaise: 12_500,
    closePaise: 11_000,
    priced: true,
  };

  it("counts everything held: yesterday's quantity carried, P&L at the last price, the charges of every trade", () => {
    expect(toPosition(entry, false)).toEqual({
      tradingsymbol: 'NIFTY26N2326050CE',
      exchange: 'NFO',
      instrument_token: 12345,
      product: 'NRML',
      quantity: 65,
      overnight_quantity: 65,
      average_price: 105,
      last_price: 125,
      close_price: 110,
      // 7,800 sold − 13,650 bought + 65 × 125 held.
      pnl: 2275,
      realised: 975,
      unrealised: 1300,
      // Today's 7,800 − 7,150 + 65 × 125 − the 65 carried at yesterday's 110.
      m2m: 1625,
      charges: 40,
      charges_status: 'priced',
      net_pnl: 2235,
      buy_quantity: 130,
      buy_price: 105,
      buy_value: 13650,
      sell_quantity: 65,
      sell_price: 120,
      sell_value: 7800,
      day_buy_quantity: 65,
      day_sell_quantity: 65,
      lot_size: 65,
      expiry: '2026-11-23',
      portfolio_id: 3,
      priced: true,
    });
  });

  it('says when some of its fills carry no charges, rather than a bare 0', () => {
    expect(toPosition({ ...entry, chargesStatus: 'not_priced' }, false).charges_status).toBe('not_priced');
  });

  it('says when its charges are those of the fills placed through StrikeDesk only, and Net P&L subtracts those alone', () => {
    const partial = toPosition({ ...entry, chargesStatus: 'partial' }, false);
    expect(partial).toMatchObject({ charges_status: 'partial', charges: 40, net_pnl: 2235 });
  });

  it('totals the charges status with not priced over partly priced over priced', () => {
    const partial = { chargesStatus: 'partial' as const };
    expect(totalChargesStatus([{}, {}])).toBe('priced');
    expect(totalChargesStatus([{}, partial])).toBe('partial');
    expect(totalChargesStatus([partial, { chargesStatus: 'not_priced' }])).toBe('not_priced');
    // A brokerage left out breaks the partial promise (every StrikeDesk fill's charges counted) as much.
    expect(totalChargesStatus([partial, { brokerageNotPriced: true }])).toBe('not_priced');
    expect(totalChargesStatus([])).toBe('priced');
  });

  it('says when the price it is marked at is not a current quote', () => {
    expect(toPosition({ ...entry, priced: false }, false).priced).toBe(false);
    expect(toPosition({ ...entry, priced: false }, true).priced).toBe(false);
  });

  it("counts today's trades alone for the day's view, with nothing carried", () => {
    expect(toPosition(entry, true)).toMatchObject({
      quantity: 0,
      overnight_quantity: 0,
      buy_quantity: 65,
      buy_value: 7150,
      sell_quantity: 65,
      pnl: 650,
      charges: 25,
      net_pnl: 625,
    });
  });
});
