// Which AMO times an order may name is the broker's to say (BrokerTrading.afterMarketTimes, from its live wire's
// LiveWire.afterMarketTimes), not a list of slugs: checkAfterMarketTime takes a time the broker's API takes and
// refuses, before anything is planned, a time on a broker that takes none (paper, Kite, Upstox, Noren), a time
// the broker does not list, and a time on an order that is no AMO. The four Dhan times reaching Dhan's wire
// through the order routes is tests/server/dhan/dhan-market-hours.test.ts.
import { describe, expect, it } from 'vitest';
import { checkAfterMarketTime, type AfterMarketTime, type OrderIntent } from '../../../server/services/brokers/broker-trading.ts';
import { dhanAfterMarketTimes } from '../../../server/services/brokers/dhan/dhan-orders.ts';
import { DomainError } from '../../../server/services/domain-error.ts';

const order = (extra: Partial<OrderIntent>): OrderIntent => ({
  exchange: 'NFO',
  tradingsymbol: 'NIFTY26D0126000CE',
  side: 'BUY',
  orderType: 'LIMIT',
  product: 'NRML',
  quantity: 65,
  pricePaise: 12_000,
  triggerPaise: 0,
  ...extra,
});

const amoAt = (time: AfterMarketTime) => order({ afterMarket: true, afterMarketTime: time });

/** The refusal's text code, or null when the orders pass. */
function refusal(broker: { afterMarketTimes?: readonly AfterMarketTime[] }, intents: readonly OrderIntent[]): string | null {
  try {
    checkAfterMarketTime(broker, intents);
    return null;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    expect(error).toMatchObject({ code: 'validation_failed', field: 'after_market_time' });
    return error.text?.i18n.code ?? null;
  }
}

describe('an AMO time against the broker\'s own list', () => {
  it('takes each of Dhan\'s four on a broker declaring them', () => {
    const dhan = { afterMarketTimes: dhanAfterMarketTimes };
    expect(dhanAfterMarketTimes).toEqual(['PRE_OPEN', 'OPEN', 'OPEN_30', 'OPEN_60']);
    for (const time of dhanAfterMarketTimes) expect(refusal(dhan, [amoAt(time)])).toBeNull();
  });

  it('refuses any time on a broker declaring none, whatever its slug', () => {
    expect(refusal({}, [amoAt('OPEN')])).toBe('order.amo_time_not_taken');
  });

  it('refuses a time the broker does not list, even where it lists others', () => {
    const openOnly = { afterMarketTimes: ['OPEN'] as const };
    expect(refusal(openOnly, [amoAt('OPEN')])).toBeNull();
    expect(refusal(openOnly, [order({}), amoAt('OPEN_30')])).toBe('order.amo_time_not_taken');
  });

  it('refuses a time on an order that is no AMO, and passes orders naming none', () => {
    expect(refusal({ afterMarketTimes: dhanAfterMarketTimes }, [order({ afterMarketTime: 'OPEN' })])).toBe('order.amo_time_without_amo');
    expect(refusal({}, [order({}), order({ afterMarket: true })])).toBeNull();
  });
});
