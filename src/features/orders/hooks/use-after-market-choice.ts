import { useState } from 'react';
import type { AfterMarketTime, BrokerCapabilities, OrderRequest, TradingAccount } from '@/features/orders/api/trading-types';
import type { AfterMarket } from '@/features/orders/components/after-market-notice';
import { tradingModeOf } from '@/lib/trading/trading-mode';

/** What each entry carries of the choice: nothing unless the broker asked and the trader chose. */
export type AfterMarketFields = Pick<OrderRequest, 'after_market' | 'after_market_time'>;

export type AfterMarketChoiceState = {
  /** Out of hours on a live account whose broker makes the AMO the trader's choice (`after_market: by_choice`). */
  asks: boolean;
  chosen: boolean;
  choose: (chosen: boolean) => void;
  /** The times offered once the AMO is chosen, where the broker takes one (Dhan's `amoTime`); else none. */
  times: readonly AfterMarketTime[];
  time: AfterMarketTime;
  chooseTime: (time: AfterMarketTime) => void;
  /**
   * What the orders go as, for the notice and the buttons' "as AMO": the closed market, except where the broker
   * asks and the trader has not chosen (then nothing is sent, and nothing says AMO).
   */
  goesAs: AfterMarket | null;
  /** Nothing may be sent until the trader chooses (the server would refuse each entry as `order.amo_not_chosen`). */
  needed: boolean;
  fields: AfterMarketFields;
};

/**
 * The trader's choice of an after-market order, where the account's broker asks for it (its `capabilities`, as the
 * server's adapter declares them): one model for every place that sends entries (the order ticket, the strategy
 * builder's basket), so they ask the same question and send the same fields. `afterMarket`: the closed market (null
 * while it is open, nothing to ask). `capabilities` null (not read yet) asks nothing: the server then refuses an entry
 * its broker wanted chosen (`order.amo_not_chosen`), it never sends one unasked.
 */
export function useAfterMarketChoice(account: TradingAccount | null, capabilities: BrokerCapabilities | null, afterMarket: AfterMarket | null): AfterMarketChoiceState {
  const [chosen, setChosen] = useState(false);
  // Dhan's own default, until the trader picks another.
  const [time, setTime] = useState<AfterMarketTime>('OPEN');
  const asks = afterMarket !== null && account !== null && tradingModeOf(account) === 'live' && capabilities?.after_market === 'by_choice';
  const times = asks && chosen ? (capabilities?.after_market_times ?? []) : [];
  const fields: AfterMarketFields = !asks || !chosen ? {} : times.length === 0 ? { after_market: true } : { after_market: true, after_market_time: time };
  return { asks, chosen, choose: setChosen, times, time, chooseTime: setTime, goesAs: asks && !chosen ? null : afterMarket, needed: asks && !chosen, fields };
}
