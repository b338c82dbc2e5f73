// A live broker's charges on an order when its API prices none (Noren's brokers): the broker's published brokerage,
// dated in broker_tariffs (migration 135), with the statutory charges every broker passes on (STT, the exchange's
// transaction charge, SEBI's fee, stamp duty, GST), dated in charge_rates, computed as the paper broker computes a
// fill's (paper/charges.ts `fillCharges`). No tariff row in force (Flattrade, whose published brokerage no dated source
// settles): the statutory charges alone, the brokerage not priced (never ₹0 made up), GST on what is priced.
import type { Queryable } from '../../../db/database.ts';
import { chargeKindOf, chargeRatesOn, fillCharges, type Charges } from '../paper/charges.ts';

export type TariffOrder = { exchange: string; tradingsymbol: string; side: 'BUY' | 'SELL'; quantity: number; pricePaise: number };

type TariffRow = { brokerage_per_order_paise: string; brokerage_rate: string | null };

/** An order's charges; without a tariff, `charges.brokerage` is 0 and not a figure: `brokeragePriced` says so. */
export type TariffCharges = { charges: Charges; brokeragePriced: boolean };

/**
 * The order's charges at the broker's tariff in force on the IST day, or the statutory charges alone with the
 * brokerage not priced when the broker has none dated for it; null outside F&O, where no statutory rates are dated.
 */
export async function tariffCharges(db: Queryable, brokerSlug: string, order: TariffOrder, istDay: string): Promise<TariffCharges | null> {
  if (order.exchange !== 'NFO' && order.exchange !== 'BFO') return null;
  const kind = chargeKindOf(order.tradingsymbol);
  const { rows } = await db.query<TariffRow>(
    `SELECT t.brokerage_per_order_paise, t.brokerage_rate FROM broker_tariffs t JOIN brokers b ON b.id = t.broker_id
     WHERE b.slug = $1 AND t.segment = $2 AND t.effective_from <= $3::date ORDER BY t.effective_from DESC LIMIT 1`,
    [brokerSlug, `${order.exchange}-${kind}`, istDay],
  );
  const tariff = rows[0];
  const statutory = await chargeRatesOn(db, order.exchange, istDay, kind);
  if (tariff === undefined) {
    return { charges: fillCharges({ ...statutory, brokeragePerOrderPaise: 0, brokerageRate: null }, order.side, order.quantity, order.pricePaise, true), brokeragePriced: false };
  }
  // Postgres prints numeric(10, 8) with its trailing zeros: "0.00030000" is the rate "0.0003".
  const brokerageRate = tariff.brokerage_rate === null ? null : String(tariff.brokerage_rate).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
  return { charges: fillCharges({ ...statutory, brokeragePerOrderPaise: Number(tariff.brokerage_per_order_paise), brokerageRate }, order.side, order.quantity, order.pricePaise, true), brokeragePriced: true };
}
