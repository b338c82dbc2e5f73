import { defineMessage, defineMessages, type MessageValue } from 'react-intl';

export const marketFactsMessages = {
  ...defineMessages({
    title: { id: 'market-facts.title', defaultMessage: 'Market facts' },
    description: {
      id: 'market-facts.description',
      defaultMessage:
        'The exchange and broker facts StrikeDesk trades by today: each with its value, the day it came into force, where it comes from and how old it is. A fact older than its usual revision is marked as possibly out of date.',
    },
    loading: { id: 'market-facts.loading', defaultMessage: 'Reading the market facts…' },
    failed: { id: 'market-facts.failed', defaultMessage: 'The market facts could not be loaded.' },
  }),
  inForceOn: defineMessage<{ day: MessageValue }>({ id: 'market-facts.inForceOn', defaultMessage: 'In force on {day}' }),
  staleSummary: defineMessage<{ count: MessageValue }>({
    id: 'market-facts.staleSummary',
    defaultMessage: '{count, plural, one {# fact may be out of date.} other {# facts may be out of date.}}',
  }),
  groupExchange: defineMessage<{ subject: MessageValue }>({ id: 'market-facts.groupExchange', defaultMessage: '{subject}: sessions and exchange rules' }),
  groupIndex: defineMessage<{ subject: MessageValue }>({ id: 'market-facts.groupIndex', defaultMessage: '{subject}: contracts' }),
  groupCharges: defineMessage<{ subject: MessageValue }>({ id: 'market-facts.groupCharges', defaultMessage: 'Charges on {subject}' }),
  from: defineMessage<{ date: MessageValue }>({ id: 'market-facts.from', defaultMessage: 'In force from {date}' }),
  on: defineMessage<{ date: MessageValue }>({ id: 'market-facts.on', defaultMessage: 'On {date}' }),
  age: defineMessage<{ days: MessageValue }>({ id: 'market-facts.age', defaultMessage: '{days, plural, =0 {from today} one {# day old} other {# days old}}' }),
  source: defineMessage<{ source: MessageValue }>({ id: 'market-facts.source', defaultMessage: 'Source: {source}' }),
  /** A card's foot: the source all its lines share, or the one shared by those lines that name no source of their own. */
  sourceOfAll: defineMessage<{ source: MessageValue }>({ id: 'market-facts.sourceOfAll', defaultMessage: 'Source of every line: {source}' }),
  sourceOfOthers: defineMessage<{ source: MessageValue }>({ id: 'market-facts.sourceOfOthers', defaultMessage: 'Source of every line without its own: {source}' }),
  stale: defineMessage<{ days: MessageValue }>({
    id: 'market-facts.stale',
    defaultMessage: 'May be out of date: older than its usual revision ({days, plural, one {# day} other {# days}}).',
  }),
  broker: defineMessage<{ broker: MessageValue; value: MessageValue }>({
    id: 'market-facts.broker',
    defaultMessage: '{broker}’s instrument file says {value}: {broker}’s value is used for its orders.',
  }),
  band: defineMessage<{ fraction: MessageValue; amount: MessageValue }>({ id: 'market-facts.band', defaultMessage: '±{fraction} of the reference price, at least ±{amount}' }),
  weekday: defineMessage<{ day: MessageValue }>({
    id: 'market-facts.weekday',
    defaultMessage: '{day, select, 1 {Monday} 2 {Tuesday} 3 {Wednesday} 4 {Thursday} 5 {Friday} other {day {day}}}',
  }),
  cycle: defineMessage<{ cycle: MessageValue }>({ id: 'market-facts.cycle', defaultMessage: '{cycle, select, weekly {Weekly and monthly} monthly {Monthly} other {{cycle}}}' }),
  perOrder: defineMessage<{ amount: MessageValue }>({ id: 'market-facts.perOrder', defaultMessage: '{amount} an order' }),
};

/** Each kind of fact's name on the screen. */
export const factKindMessages = defineMessages({
  session_hours: { id: 'market-facts.kind.session_hours', defaultMessage: 'Normal market' },
  close_price_window: { id: 'market-facts.kind.close_price_window', defaultMessage: 'Close price: average of' },
  pre_open: { id: 'market-facts.kind.pre_open', defaultMessage: 'F&O pre-open order entry' },
  trade_modification_end: { id: 'market-facts.kind.trade_modification_end', defaultMessage: 'Trade modification until' },
  mis_square_off: { id: 'market-facts.kind.mis_square_off', defaultMessage: 'MIS square-off (paper broker)' },
  tick_size: { id: 'market-facts.kind.tick_size', defaultMessage: 'Tick size' },
  price_band: { id: 'market-facts.kind.price_band', defaultMessage: 'Limit price protection' },
  holiday: { id: 'market-facts.kind.holiday', defaultMessage: 'Holiday' },
  special_session: { id: 'market-facts.kind.special_session', defaultMessage: 'Special session' },
  lot_size: { id: 'market-facts.kind.lot_size', defaultMessage: 'Lot size (new contracts)' },
  freeze_quantity: { id: 'market-facts.kind.freeze_quantity', defaultMessage: 'Freeze quantity (most per order)' },
  strike_step: { id: 'market-facts.kind.strike_step', defaultMessage: 'Strike step' },
  expiry_weekday: { id: 'market-facts.kind.expiry_weekday', defaultMessage: 'Expiry day' },
  expiry_cycle: { id: 'market-facts.kind.expiry_cycle', defaultMessage: 'Expiries' },
  margin: { id: 'market-facts.kind.margin', defaultMessage: 'Margin' },
  charge: { id: 'market-facts.kind.charge', defaultMessage: 'Charge' },
  index_name: { id: 'market-facts.kind.index_name', defaultMessage: 'Index name' },
});

/** The parts of a charge or a margin (the answer's `detail`). */
export const factDetailMessages = defineMessages({
  stt_sell: { id: 'market-facts.detail.stt_sell', defaultMessage: 'STT on option sales (premium)' },
  stt_exercise: { id: 'market-facts.detail.stt_exercise', defaultMessage: 'STT on exercise (intrinsic value)' },
  exchange: { id: 'market-facts.detail.exchange', defaultMessage: 'Exchange transaction charge (premium)' },
  sebi: { id: 'market-facts.detail.sebi', defaultMessage: 'SEBI turnover fee (premium)' },
  stamp_buy: { id: 'market-facts.detail.stamp_buy', defaultMessage: 'Stamp duty on buys (premium)' },
  gst: { id: 'market-facts.detail.gst', defaultMessage: 'GST (on brokerage and charges)' },
  brokerage_per_order: { id: 'market-facts.detail.brokerage_per_order', defaultMessage: 'Brokerage (paper broker)' },
  brokerage_rate: { id: 'market-facts.detail.brokerage_rate', defaultMessage: 'Brokerage, share of the order’s value (paper broker, at most the flat fee)' },
  stt_sell_futures: { id: 'market-facts.detail.stt_sell_futures', defaultMessage: 'STT on futures sales (turnover)' },
  exchange_futures: { id: 'market-facts.detail.exchange_futures', defaultMessage: 'Exchange transaction charge (turnover)' },
  sebi_futures: { id: 'market-facts.detail.sebi_futures', defaultMessage: 'SEBI turnover fee (turnover)' },
  stamp_buy_futures: { id: 'market-facts.detail.stamp_buy_futures', defaultMessage: 'Stamp duty on buys (turnover)' },
  price_scan: { id: 'market-facts.detail.price_scan', defaultMessage: 'Price scan range' },
  volatility_scan: { id: 'market-facts.detail.volatility_scan', defaultMessage: 'Volatility scan' },
  exposure: { id: 'market-facts.detail.exposure', defaultMessage: 'Exposure margin (short options)' },
  short_option_minimum: { id: 'market-facts.detail.short_option_minimum', defaultMessage: 'Short option minimum' },
  expiry_day_exposure: { id: 'market-facts.detail.expiry_day_exposure', defaultMessage: 'Extra exposure on expiry day' },
  new_contracts: { id: 'market-facts.detail.new_contracts', defaultMessage: 'Contracts after the revision' },
  near_contracts: { id: 'market-facts.detail.near_contracts', defaultMessage: 'Nearer contracts, still at the old lot' },
  earlier_name: { id: 'market-facts.detail.earlier_name', defaultMessage: 'Its earlier name in NSE’s files' },
  delivery_long_itm_var_e4: { id: 'market-facts.detail.delivery_long_itm_var_e4', defaultMessage: 'Bought ITM stock option, 4 trading days before expiry (of VaR + ELM + ad hoc)' },
  delivery_long_itm_var_e3: { id: 'market-facts.detail.delivery_long_itm_var_e3', defaultMessage: 'Bought ITM stock option, 3 trading days before expiry (of VaR + ELM + ad hoc)' },
  delivery_long_itm_var_e2: { id: 'market-facts.detail.delivery_long_itm_var_e2', defaultMessage: 'Bought ITM stock option, 2 trading days before expiry (of VaR + ELM + ad hoc)' },
  delivery_long_itm_var_e1: { id: 'market-facts.detail.delivery_long_itm_var_e1', defaultMessage: 'Bought ITM stock option, the day before expiry (of VaR + ELM + ad hoc)' },
  delivery_long_itm_value_e1: { id: 'market-facts.detail.delivery_long_itm_value_e1', defaultMessage: 'Bought ITM stock option, the day before expiry (of the contract value)' },
  delivery_long_itm_value_e0: { id: 'market-facts.detail.delivery_long_itm_value_e0', defaultMessage: 'Bought ITM stock option, on expiry day (of the contract value)' },
  delivery_future_short_e0: { id: 'market-facts.detail.delivery_future_short_e0', defaultMessage: 'Stock future or sold stock option, on expiry day (of the contract value, capped at a multiple of NRML margin: see the source)' },
});
