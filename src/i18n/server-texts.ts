import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { components } from '@openapi/main';

/** A text the server wrote for a trader, as a code and its parameters (openapi LocalText). */
export type LocalText = components['schemas']['LocalText'];
export type TextCode = LocalText['code'];

/**
 * The words of every code the server may send (openapi/main.yaml TextCode), so the app says the server's
 * texts in the trader's language. Typed by the contract: a code added there fails the type check until it is
 * worded here, and a unit test holds French to the same list. Amounts arrive in rupees, index levels and
 * strikes as points, dates as ISO days (formatted before they reach these messages).
 */
export const serverTexts: Record<TextCode, MessageDescriptor> = defineMessages({
  text: { id: 'server.text', defaultMessage: '{text}' },

  'order.slm_index_options': {
    id: 'server.order.slm_index_options',
    defaultMessage:
      'SL-M orders are not allowed for index options (NSE and BSE, since 27 September 2021). Place an SL order with a limit price instead.',
  },
  'order.lot_multiple': {
    id: 'server.order.lot_multiple',
    defaultMessage:
      'Quantity {quantity} is not a multiple of the lot size {lot_size}. Enter whole lots, for example {example} ({lots, plural, one {# lot} other {# lots}}).',
  },
  'order.price_required': { id: 'server.order.price_required', defaultMessage: 'Enter a price above ₹0 for a limit order.' },
  'order.price_tick': {
    id: 'server.order.price_tick',
    defaultMessage: 'Price {price, number, ::currency/INR} is not a multiple of the tick size {tick, number, ::currency/INR}.',
  },
  'order.trigger_required': { id: 'server.order.trigger_required', defaultMessage: 'Enter a trigger price above ₹0 for a stop-loss order.' },
  'order.trigger_tick': {
    id: 'server.order.trigger_tick',
    defaultMessage: 'Trigger price {trigger, number, ::currency/INR} is not a multiple of the tick size {tick, number, ::currency/INR}.',
  },
  'order.stop_buy_trigger': {
    id: 'server.order.stop_buy_trigger',
    defaultMessage: 'The trigger price of a stop-loss buy must be above the last price ({last, number, ::currency/INR}).',
  },
  'order.stop_sell_trigger': {
    id: 'server.order.stop_sell_trigger',
    defaultMessage: 'The trigger price of a stop-loss sell must be below the last price ({last, number, ::currency/INR}).',
  },
  'order.stop_buy_limit': { id: 'server.order.stop_buy_limit', defaultMessage: 'The limit price of a stop-loss buy must be at or above its trigger price.' },
  'order.stop_sell_limit': { id: 'server.order.stop_sell_limit', defaultMessage: 'The limit price of a stop-loss sell must be at or below its trigger price.' },
  'order.limit_band': {
    id: 'server.order.limit_band',
    defaultMessage:
      'Limit price {price, number, ::currency/INR} is too far from the last price {last, number, ::currency/INR}: a {side, select, buy {buy limit above} other {sell limit below}} {bound, number, ::currency/INR} is blocked.',
  },
  'order.market_protection': {
    id: 'server.order.market_protection',
    defaultMessage:
      'Market order cancelled by market protection: the best {side, select, offer {offer} other {bid}} is {price, number, ::currency/INR}, outside {low, number, ::currency/INR}–{high, number, ::currency/INR} (last price ± 20 %, at least ₹10).',
  },
  'order.market_protection_no_bid': {
    id: 'server.order.market_protection_no_bid',
    defaultMessage:
      'Market order cancelled by market protection: there is no bid, outside {low, number, ::currency/INR}–{high, number, ::currency/INR} (last price ± 20 %, at least ₹10).',
  },
  'order.market_protection_no_offer': {
    id: 'server.order.market_protection_no_offer',
    defaultMessage:
      'Market order cancelled by market protection: there is no offer, outside {low, number, ::currency/INR}–{high, number, ::currency/INR} (last price ± 20 %, at least ₹10).',
  },
  'order.lpp_band': {
    id: 'server.order.lpp_band',
    defaultMessage:
      'Order price is beyond the exchange\'s limit price protection: limit {price, number, ::currency/INR} against the last price {last, number, ::currency/INR}, band {low, number, ::currency/INR}–{high, number, ::currency/INR} ({exchange}: ±{percent, number} % of the reference price, at least ±{floor, number, ::currency/INR}); {side, select, buy {a buy above {high, number, ::currency/INR}} other {a sell below {low, number, ::currency/INR}}} is rejected.',
  },
  'order.mis_cut_off': {
    id: 'server.order.mis_cut_off',
    defaultMessage:
      'Intraday (MIS) orders are closed for today: from {time} IST the broker squares MIS positions off and takes no fresh MIS orders until the next session. Place it as NRML (overnight), or as MIS in the next session.',
  },
  'order.amo_no_session': {
    id: 'server.order.amo_no_session',
    defaultMessage:
      "Markets are closed. No next session is known to hold an after-market order for: orders are accepted during the exchange's session on trading days.",
  },
  'order.amo_not_yet': {
    id: 'server.order.amo_not_yet',
    defaultMessage:
      'Markets are closed. After-market orders for F&O are taken from {from} IST; place it then, and it goes to the exchange at the next open ({open_time} IST on {open_day}).',
  },
  'order.between_sessions': {
    id: 'server.order.between_sessions',
    defaultMessage: "The market is shut between the day's two sessions. Orders are taken again from {open_time} IST.",
  },
  'order.amo_not_chosen': {
    id: 'server.order.amo_not_chosen',
    defaultMessage:
      'Markets are closed, and this broker places an order now only as an after-market order (AMO), held until the next open. Choose "After market order" to place it as one, or place it when the market opens.',
  },
  'order.amo_held_last_price': {
    id: 'server.order.amo_held_last_price',
    defaultMessage:
      "Market closed: held as an after-market order (AMO) until the next open ({open_time} IST on {open_day}). Checked on the feed's last price ({last, number, ::currency/INR}); it fills at the prices of the open.",
  },
  'order.amo_time_not_taken': {
    id: 'server.order.amo_time_not_taken',
    defaultMessage:
      'This broker takes no time for an after-market order: leave "AMO time" out. Only Dhan lets an AMO go at the pre-open, at the open, or 30 or 60 minutes after it.',
  },
  'order.amo_time_without_amo': {
    id: 'server.order.amo_time_without_amo',
    defaultMessage: 'An AMO time is for an after-market order: choose "After market order" too, or leave the time out.',
  },
  'order.amo_closed': {
    id: 'server.order.amo_closed',
    defaultMessage:
      'The market opens at {open_time} IST: after-market orders closed at {closed_time} IST. Place it from the open.',
  },
  'order.stop_triggered_rejected': { id: 'server.order.stop_triggered_rejected', defaultMessage: 'Stop-loss triggered, then rejected. {reason}' },
  'order.amo_rejected_at_open': { id: 'server.order.amo_rejected_at_open', defaultMessage: 'After-market order rejected at the open: {reason}' },
  'order.expired': { id: 'server.order.expired', defaultMessage: '{tradingsymbol} expired on {expiry}. Pick a current expiry.' },
  'order.market_closed': {
    id: 'server.order.market_closed',
    defaultMessage: "Markets are closed. Orders are accepted during the exchange's session on trading days.",
  },
  'order.no_price': { id: 'server.order.no_price', defaultMessage: 'No price for {tradingsymbol} right now. Try again in a moment.' },
  'order.insufficient_funds': {
    id: 'server.order.insufficient_funds',
    defaultMessage:
      'Insufficient funds. Required margin is {required, number, ::currency/INR} but available margin is {available, number, ::currency/INR}.',
  },
  'order.not_sent': { id: 'server.order.not_sent', defaultMessage: 'Not sent: {reason}' },
  'order.basket_refused': { id: 'server.order.basket_refused', defaultMessage: 'Not sent: an earlier order of this basket was refused.' },
  'order.autoslice_missing': {
    id: 'server.order.autoslice_missing',
    defaultMessage: 'Not placed: Kite made no order for this slice of the autosliced order. Check the order book before placing it again.',
  },
  'order.portfolio_deleted': { id: 'server.order.portfolio_deleted', defaultMessage: 'Its portfolio was deleted.' },
  'order.nothing_left_to_close': {
    id: 'server.order.nothing_left_to_close',
    defaultMessage: 'Not placed: the position is already closed, or another exit working on it closes it.',
  },
  'order.cancelled_by_you': { id: 'server.order.cancelled_by_you', defaultMessage: 'Cancelled by you.' },
  'order.cancelled_expired': { id: 'server.order.cancelled_expired', defaultMessage: 'Cancelled: the contract expired.' },
  'order.cancelled_before_square_off': {
    id: 'server.order.cancelled_before_square_off',
    defaultMessage: 'Cancelled before the position was squared off.',
  },
  'order.cancelled_kill_switch': { id: 'server.order.cancelled_kill_switch', defaultMessage: 'Cancelled by the kill switch.' },
  'order.cancelled_replaced': {
    id: 'server.order.cancelled_replaced',
    defaultMessage: 'Cancelled to be placed again at a new price: the broker takes no more modifications of this order (re-pricing).',
  },
  'order.market_refused_by_broker': {
    id: 'server.order.market_refused_by_broker',
    defaultMessage:
      "{broker} refuses MARKET orders from API algos since {since} ({source}). Place a LIMIT order, or let the account's execution policy (LIMIT and re-price) price it.",
  },
  'order.reprice_entry_cancelled': {
    id: 'server.order.reprice_entry_cancelled',
    defaultMessage: "Not filled after {tries} prices in {seconds} s: cancelled, as the account's execution policy says for an entry.",
  },
  'execution.policy_needs_limit': {
    id: 'server.execution.policy_needs_limit',
    defaultMessage: '{broker} refuses MARKET orders from API algos since {since} ({source}): choose LIMIT and re-price, and cancel as an entry\'s last step.',
  },
  'execution.paper_rules_paper_only': { id: 'server.execution.paper_rules_paper_only', defaultMessage: 'Only a paper account can behave like another broker.' },
  'execution.paper_rules_unknown': { id: 'server.execution.paper_rules_unknown', defaultMessage: 'No limit-only broker "{broker}" is known today.' },
  'execution.buffer_too_wide': { id: 'server.execution.buffer_too_wide', defaultMessage: 'A buffer of more than {max} % is not a limit: choose {max} % or less.' },
  'delivery.margin_call_title': { id: 'server.delivery.margin_call_title', defaultMessage: 'Delivery margin short on {tradingsymbol}' },
  'delivery.margin_call': {
    id: 'server.delivery.margin_call',
    defaultMessage:
      'Held to expiry, {tradingsymbol} will {side, select, SELL {deliver} other {receive}} {shares} {symbol} at {price, number, ::currency/INR}: it needs {margin, number, ::currency/INR} of delivery margin by its expiry on {expiry}, and the account is {shortfall, number, ::currency/INR} short. Add funds or close it, or it will be squared off at {time} on {expiry}.',
  },
  'delivery.squared_off_title': { id: 'server.delivery.squared_off_title', defaultMessage: '{tradingsymbol} squared off' },
  'delivery.squared_off': {
    id: 'server.delivery.squared_off',
    defaultMessage: '{tradingsymbol} was squared off before its expiry on {expiry}: the account could not fund its delivery margin.',
  },
  'alert.reprice_entry_gave_up_title': { id: 'server.alert.reprice_entry_gave_up_title', defaultMessage: '{symbol}: entry not filled' },
  'alert.reprice_entry_gave_up_body': {
    id: 'server.alert.reprice_entry_gave_up_body',
    defaultMessage:
      'Not filled after {tries} prices in {seconds} s: {fallback, select, cancel {the entry was cancelled} other {the entry was sent to the market with protection}} (execution policy).',
  },
  'alert.reprice_exit_step_title': { id: 'server.alert.reprice_exit_step_title', defaultMessage: '{symbol}: exit re-priced' },
  'alert.reprice_exit_step_body': {
    id: 'server.alert.reprice_exit_step_body',
    defaultMessage: 'Exit not filled yet: try {try} of {max}, limit moved from {old, number, ::currency/INR} to {new, number, ::currency/INR} at the touch.',
  },
  'alert.reprice_exit_over_title': { id: 'server.alert.reprice_exit_over_title', defaultMessage: '{symbol}: exit still not filled' },
  'alert.reprice_exit_over_body': {
    id: 'server.alert.reprice_exit_over_body',
    defaultMessage:
      'Not filled after {tries} prices in {seconds} s. An exit is never given up: it keeps being re-priced at the touch until it fills. Check the order book, or close it yourself.',
  },
  'alert.reprice_exit_filled_title': { id: 'server.alert.reprice_exit_filled_title', defaultMessage: '{symbol}: exit filled' },
  'alert.reprice_exit_filled_body': {
    id: 'server.alert.reprice_exit_filled_body',
    defaultMessage: 'The exit filled at {price, number, ::currency/INR} after {tries, plural, one {# price} other {# prices}}.',
  },
  'alert.reprice_exit_ended_title': { id: 'server.alert.reprice_exit_ended_title', defaultMessage: '{symbol}: exit order ended unfilled' },
  'alert.reprice_exit_ended_body': {
    id: 'server.alert.reprice_exit_ended_body',
    defaultMessage: 'The exit order was {status, select, CANCELLED {cancelled} other {rejected}} at the broker before it filled: it is no longer re-priced. Check the position.',
  },
  'order.cancelled_oco': {
    id: 'server.order.cancelled_oco',
    defaultMessage: 'Cancelled: {filled, select, stoploss {its stop-loss} other {its target}} filled (one cancels the other).',
  },
  'order.cancelled_position_closed': {
    id: 'server.order.cancelled_position_closed',
    defaultMessage: 'Cancelled: the position it protected is closed.',
  },
  'order.cancelled_not_filled_in_time': {
    id: 'server.order.cancelled_not_filled_in_time',
    defaultMessage: 'Not filled in time: the bot does not chase the price.',
  },
  'order.kill_switch_on': {
    id: 'server.order.kill_switch_on',
    defaultMessage:
      'The kill switch of account {account} is on since {since} IST: new orders are blocked until you turn it off. Exits still work.',
  },
  'order.limit_per_day': { id: 'server.order.limit_per_day', defaultMessage: "The broker's limit of {limit} orders a day is reached." },
  'order.limit_per_minute': { id: 'server.order.limit_per_minute', defaultMessage: "The broker's limit of {limit} orders a minute is reached." },

  'alert.no_reason': { id: 'server.alert.no_reason', defaultMessage: 'The broker gave no reason.' },
  'alert.refused_by_broker': { id: 'server.alert.refused_by_broker', defaultMessage: 'Refused by the broker.' },
  'alert.order_rejected_title': {
    id: 'server.alert.order_rejected_title',
    defaultMessage: 'Order rejected: {side, select, BUY {BUY} other {SELL}} {quantity} {tradingsymbol}',
  },
  'alert.order_rejected_body': { id: 'server.alert.order_rejected_body', defaultMessage: '{reason} ({account}, order {order_id})' },
  'alert.order_filled_title': {
    id: 'server.alert.order_filled_title',
    defaultMessage: '{side, select, BUY {Bought} other {Sold}} {quantity} {tradingsymbol}',
  },
  'alert.order_filled_body': {
    id: 'server.alert.order_filled_body',
    defaultMessage:
      '{side, select, BUY {Bought} other {Sold}} {quantity} {tradingsymbol} at {price, number, ::currency/INR} ({account}, order {order_id})',
  },
  'alert.stop_loss_hit_title': { id: 'server.alert.stop_loss_hit_title', defaultMessage: 'Stop-loss hit: {tradingsymbol}' },
  'alert.target_hit_title': { id: 'server.alert.target_hit_title', defaultMessage: 'Target hit: {tradingsymbol}' },
  'alert.squared_off_by_broker_title': { id: 'server.alert.squared_off_by_broker_title', defaultMessage: 'Squared off by the broker: {tradingsymbol}' },
  'alert.price_expired_title': { id: 'server.alert.price_expired_title', defaultMessage: '{symbol} expired: price alert off' },
  'alert.price_expired_body': {
    id: 'server.alert.price_expired_body',
    defaultMessage:
      "The contract expired on {expiry} at the day's close; its alert {direction, select, above {above} other {below}} {level, number, ::currency/INR} can no longer fire.",
  },
  'alert.price_crossed_title': {
    id: 'server.alert.price_crossed_title',
    defaultMessage:
      '{symbol} {direction, select, above {rose above} other {fell below}} {kind, select, index {{level, number, ::.00}} other {{level, number, ::currency/INR}}}',
  },
  'alert.price_crossed_body': {
    id: 'server.alert.price_crossed_body',
    defaultMessage:
      'Last price {kind, select, index {{last, number, ::.00}} other {{last, number, ::currency/INR}}}. {repeat, select, once {This alert fired once and is now off.} other {This alert fires every time the price crosses the level.}}',
  },
  'alert.condition_met_title': {
    id: 'server.alert.condition_met_title',
    defaultMessage:
      "{subject_kind, select, premium {Premium alert} other {IV alert}} at {minute}: {subject}",
  },
  'alert.condition_met_body': {
    id: 'server.alert.condition_met_body',
    defaultMessage:
      "{kind, select, premium_falls {The premium fell {move, number} {unit, select, points {points} other {%}} from {reference, number, ::currency/INR} at {from_minute} to {value, number, ::currency/INR}.} premium_rises {The premium rose {move, number} {unit, select, points {points} other {%}} from {reference, number, ::currency/INR} at {from_minute} to {value, number, ::currency/INR}.} premium_crosses_above_vwap {The premium {value, number, ::currency/INR} crossed above its VWAP {vwap, number, ::currency/INR} (from {from_minute}).} premium_crosses_below_vwap {The premium {value, number, ::currency/INR} crossed below its VWAP {vwap, number, ::currency/INR} (from {from_minute}).} premium_crosses_above {The premium rose above {level, number, ::currency/INR}: {value, number, ::currency/INR}.} premium_crosses_below {The premium fell below {level, number, ::currency/INR}: {value, number, ::currency/INR}.} iv_above {ATM IV {value, number, ::.00} % is above {level, number} %.} iv_below {ATM IV {value, number, ::.00} % is below {level, number} %.} iv_crosses_above {ATM IV crossed above {level, number} %: {value, number, ::.00} %.} other {ATM IV crossed below {level, number} %: {value, number, ::.00} %.}} This alert fired once and is now off.",
  },
  'alert.condition_expired_title': {
    id: 'server.alert.condition_expired_title',
    defaultMessage:
      "{subject_kind, select, premium {Premium alert} other {IV alert}} off: {subject} expired on {expiry}",
  },
  'alert.condition_expired_body': {
    id: 'server.alert.condition_expired_body',
    defaultMessage:
      "The expiry {expiry} ended at that day's close; the alert can no longer fire.",
  },
  'alert.session_ended_title': { id: 'server.alert.session_ended_title', defaultMessage: 'Broker session ended: {account}' },
  'alert.session_ended_body': {
    id: 'server.alert.session_ended_body',
    defaultMessage: 'The broker session of {name} ({account}) has ended. Log in to the broker again to see positions and trade.',
  },
  'alert.session_reminder_title': { id: 'server.alert.session_reminder_title', defaultMessage: 'Log in to your broker: {account}' },
  'alert.session_reminder_body': {
    id: 'server.alert.session_reminder_body',
    defaultMessage:
      'The market opens at {open} IST and {name} ({account}) has no broker session: bots and orders on it cannot trade until you log in.',
  },
  'alert.broker_session_ended_title': { id: 'server.alert.broker_session_ended_title', defaultMessage: 'Log in to {broker} again: {account}' },
  'alert.broker_session_ended_body': {
    id: 'server.alert.broker_session_ended_body',
    defaultMessage:
      '{broker} ended the broker session of {name} ({account}): {detail}. Positions and orders are unknown and its bots are paused until you log in to the broker again.',
  },
  'alert.kill_switch_on_title': {
    id: 'server.alert.kill_switch_on_title',
    defaultMessage: 'Kill switch on for {account}{by, select, risk_limit { (risk limit)} other {}}',
  },
  'alert.kill_switch_off_title': { id: 'server.alert.kill_switch_off_title', defaultMessage: 'Kill switch off for {account}' },
  'alert.bot_entered_title': { id: 'server.alert.bot_entered_title', defaultMessage: '{bot} entered' },
  'alert.bot_entered_body': {
    id: 'server.alert.bot_entered_body',
    defaultMessage: '{legs, plural, one {# leg} other {# legs}} on {underlying}, net premium {premium, number, ::currency/INR}.',
  },
  'alert.bot_entry_killed_title': { id: 'server.alert.bot_entry_killed_title', defaultMessage: '{bot}: entry closed by the kill switch' },
  'alert.bot_entry_refused_title': { id: 'server.alert.bot_entry_refused_title', defaultMessage: '{bot}: entry refused' },
  'alert.bot_leg_exit_refused_title': { id: 'server.alert.bot_leg_exit_refused_title', defaultMessage: '{bot}: leg exit refused' },
  'alert.bot_stock_exit_refused_title': { id: 'server.alert.bot_stock_exit_refused_title', defaultMessage: '{bot}: exit of {stocks} refused' },
  'alert.bot_stock_exit_refused_body': {
    id: 'server.alert.bot_stock_exit_refused_body',
    defaultMessage:
      "{reason} The bot does not try this exit again by itself: an exit alert naming these stocks a minute or more from now tries again, and the bot's own exit closes them with the rest.",
  },
  'alert.bot_exit_refused_title': { id: 'server.alert.bot_exit_refused_title', defaultMessage: '{bot}: exit refused' },
  'alert.bot_retry_body': { id: 'server.alert.bot_retry_body', defaultMessage: '{reason} The engine tries again in a minute.' },
  'alert.bot_exit_title': {
    id: 'server.alert.bot_exit_title',
    defaultMessage:
      '{bot}: {action, select, exit {exited at its exit time} stop_loss {stop-loss hit} target {target reached} trailing_stop {trailing stop hit} leg_stop_loss {a leg\'s stop-loss hit} signal_exit {exited on the opposite signal} condition_exit {exited on its exit condition} pause_exit {exited on pause} other {{action}}}',
  },
  'alert.bot_closed_legs_body': {
    id: 'server.alert.bot_closed_legs_body',
    defaultMessage:
      'Closed {legs, plural, one {# leg} other {# legs}}.{pnl_known, select, yes { Net P&L today {pnl, number, ::currency/INR}.} other {}}',
  },
  'alert.bot_partial_entry_closed_title': { id: 'server.alert.bot_partial_entry_closed_title', defaultMessage: '{bot}: closed what its refused entry filled' },
  'alert.bot_partial_entry_closed_body': {
    id: 'server.alert.bot_partial_entry_closed_body',
    defaultMessage: 'Closed {closed}, what the entry filled before it was refused.{holds, select, yes { Still held: {held}.} other {}}',
  },
  'alert.bot_stopped_title': { id: 'server.alert.bot_stopped_title', defaultMessage: '{bot} stopped' },
  'alert.bot_stopped_body': { id: 'server.alert.bot_stopped_body', defaultMessage: '{reason} The bot stays stopped until you resume it.' },
  'alert.bot_leg_stop_body': {
    id: 'server.alert.bot_leg_stop_body',
    defaultMessage:
      "Bought back {leg}{hedged, select, yes { and closed its hedge {hedges}} other {}}.{sold, select, no { Its hedge was not sold ({reason}): it stays until the position's exit.} other {}} Still open: {open}.{at_cost, select, yes { Their stop-loss is now at cost (the entry price).} other {}}",
  },
  'alert.kill_switch_body': { id: 'server.alert.kill_switch_body', defaultMessage: '{reason} {summary}' },

  'kill_switch.no_account': { id: 'server.kill_switch.no_account', defaultMessage: 'You have no broker account to stop.' },
  'kill_switch.on_flat': {
    id: 'server.kill_switch.on_flat',
    defaultMessage: 'Kill switch on for {accounts, plural, one {# account} other {# accounts}}: new orders blocked, everything closed.',
  },
  'kill_switch.on_not_flat': {
    id: 'server.kill_switch.on_not_flat',
    defaultMessage:
      'Kill switch on for {accounts, plural, one {# account} other {# accounts}}: new orders blocked, but not everything is closed. Read each account’s outcome.',
  },
  'kill_switch.armed': {
    id: 'server.kill_switch.armed',
    defaultMessage:
      'New orders blocked; {cancelled, plural, one {# working order} other {# working orders}} cancelled; {filled, plural, one {# exit} other {# exits}} filled',
  },
  'kill_switch.armed_exits_failed': {
    id: 'server.kill_switch.armed_exits_failed',
    defaultMessage:
      'New orders blocked; {cancelled, plural, one {# working order} other {# working orders}} cancelled; {filled, plural, one {# exit} other {# exits}} filled; {failed, plural, one {# exit} other {# exits}} not filled ({reason}): close {failed, plural, one {it} other {them}} yourself',
  },
  'kill_switch.armed_named': {
    id: 'server.kill_switch.armed_named',
    defaultMessage:
      'New orders blocked; {cancelled, plural, one {# working order} other {# working orders}} cancelled ({orders}); {filled, plural, one {# exit} other {# exits}} filled',
  },
  'kill_switch.armed_named_exits_failed': {
    id: 'server.kill_switch.armed_named_exits_failed',
    defaultMessage:
      'New orders blocked; {cancelled, plural, one {# working order} other {# working orders}} cancelled ({orders}); {filled, plural, one {# exit} other {# exits}} filled; {failed, plural, one {# exit} other {# exits}} not filled ({reason}): close {failed, plural, one {it} other {them}} yourself',
  },
  'kill_switch.cancelled_order': {
    id: 'server.kill_switch.cancelled_order',
    defaultMessage:
      '{lead, select, first {} other {, }}{symbol} {purpose, select, entry {entry} stoploss {stop-loss} target {target} squareoff {square-off} auto_squareoff {MIS square-off} other {placed outside StrikeDesk}}{next}',
  },
  'kill_switch.broker_on': {
    id: 'server.kill_switch.broker_on',
    defaultMessage: "{broker}'s own kill switch is on for the day: {broker} refuses every new order on {account}, from any app, until tomorrow.",
  },
  'kill_switch.broker_not_flat': {
    id: 'server.kill_switch.broker_not_flat',
    defaultMessage: "{broker}'s own kill switch was not turned on: {broker} turns it on only once every position is closed and no order is working.",
  },
  'kill_switch.broker_refused': { id: 'server.kill_switch.broker_refused', defaultMessage: "{broker}'s own kill switch could not be turned on: {reason}" },
  'kill_switch.broker_off': { id: 'server.kill_switch.broker_off', defaultMessage: "{broker}'s own kill switch is off." },
  'kill_switch.unfinished': {
    id: 'server.kill_switch.unfinished',
    defaultMessage: 'New orders blocked. Closing working orders and positions did not finish: turn the kill switch on again to close them.',
  },
  'kill_switch.closing': { id: 'server.kill_switch.closing', defaultMessage: 'New orders blocked. Cancelling working orders and closing positions…' },
  'kill_switch.session_over': {
    id: 'server.kill_switch.session_over',
    defaultMessage:
      'New orders blocked. Working orders and positions could not be reached because the broker session is over: log in to the broker, then turn the kill switch on again to cancel and close them.',
  },
  'kill_switch.not_closed': {
    id: 'server.kill_switch.not_closed',
    defaultMessage: 'New orders blocked. Working orders and positions could not be closed ({reason}): turn the kill switch on again to close them.',
  },
  'kill_switch.disarmed': {
    id: 'server.kill_switch.disarmed',
    defaultMessage:
      'New orders allowed again on {account}. Nothing else changed: no order was placed or restored, and bots stopped by the kill switch stay stopped until you resume them.',
  },
  'kill_switch.late_closed': {
    id: 'server.kill_switch.late_closed',
    defaultMessage:
      'The kill switch was turned on while this was being placed, so everything was closed at once: {cancelled} {cancelled, plural, one {working order} other {working orders}} cancelled, {filled} {filled, plural, one {exit} other {exits}} filled{unfilled, plural, =0 {} one {, {unfilled} exit not filled: close what is left yourself} other {, {unfilled} exits not filled: close what is left yourself}}.',
  },
  'kill_switch.max_loss': {
    id: 'server.kill_switch.max_loss',
    defaultMessage: 'Risk limit: today’s loss of {loss, number, ::currency/INR} reached your maximum loss of {limit, number, ::currency/INR}.',
  },
  'kill_switch.profit_lock': {
    id: 'server.kill_switch.profit_lock',
    defaultMessage:
      'Profit lock: today’s P&L fell to {pnl, number, ::currency/INR}, below the {kept, number, ::currency/INR} kept of the day’s peak of {peak, number, ::currency/INR}.',
  },
  'bot.stopped_kill_switch': { id: 'server.bot.stopped_kill_switch', defaultMessage: 'Kill switch: {reason}' },
  'bot.stopped_kill_switch_risk_limit': { id: 'server.bot.stopped_kill_switch_risk_limit', defaultMessage: 'Kill switch: a risk limit was breached' },
  'bot.stopped_kill_switch_by_you': { id: 'server.bot.stopped_kill_switch_by_you', defaultMessage: 'Kill switch: turned on by you' },
  'bot.paused_by_protection': {
    id: 'server.bot.paused_by_protection',
    defaultMessage:
      'Paused: the {kind, select, stop_loss {stop-loss} trailing_stop_loss {trailing stop-loss} profit_lock {profit lock} other {target}} of {portfolio} was hit at an MTM of {mtm, number, ::currency/INR} and its positions squared off. Resume the bot when you choose.',
  },
  'bot.exit_reason': {
    id: 'server.bot.exit_reason',
    defaultMessage:
      '{action, select, exit {exited at its exit time} stop_loss {stop-loss hit} target {target reached} trailing_stop {trailing stop hit} leg_stop_loss {a leg\'s stop-loss hit} signal_exit {exited on the opposite signal} condition_exit {exited on its exit condition} pause_exit {exited on pause} other {{action}}}',
  },
  'bot.entry_refused': { id: 'server.bot.entry_refused', defaultMessage: 'Entry refused: {reason}' },
  'bot.entry_partly_refused': { id: 'server.bot.entry_partly_refused', defaultMessage: 'Entry partly refused ({reason}): exiting what filled' },
  'bot.order_refused': { id: 'server.bot.order_refused', defaultMessage: '{tradingsymbol}: {reason}' },
  'bot.missed_late': {
    id: 'server.bot.missed_late',
    defaultMessage: 'Entry at {time} missed: the engine ran {minutes} minutes late (more than 10), so it did not enter',
  },
  'bot.started_after_entry': {
    id: 'server.bot.started_after_entry',
    defaultMessage: "Started after today's entry time ({time}): the first entry is on the next trading day",
  },
  'bot.missed_interrupted': {
    id: 'server.bot.missed_interrupted',
    defaultMessage: 'Entry interrupted (the server stopped before the broker call) and now too late: not placed',
  },
  'bot.missed_title': { id: 'server.bot.missed_title', defaultMessage: '{bot} missed its entry' },

  'no_trade.holiday': { id: 'server.no_trade.holiday', defaultMessage: 'NSE was closed: {name}.' },
  'no_trade.no_history': { id: 'server.no_trade.no_history', defaultMessage: 'A trading day without imported history for the index: nothing to trade on.' },
  'no_trade.before_open': {
    id: 'server.no_trade.before_open',
    defaultMessage:
      'The entry time {entry} is before the exchange opens ({open}–{close} IST that day): backtests and live trading keep exchange hours, only demo mode trades at any hour.',
  },
  'no_trade.after_close': {
    id: 'server.no_trade.after_close',
    defaultMessage:
      'The entry time {entry} is after the exchange closes ({open}–{close} IST that day): backtests and live trading keep exchange hours, only demo mode trades at any hour.',
  },
  'no_trade.no_price': { id: 'server.no_trade.no_price', defaultMessage: 'No price for a leg at the entry: {reason}' },
  'no_trade.risk_limit': { id: 'server.no_trade.risk_limit', defaultMessage: 'A risk limit stopped trading for the day: {reason}' },
  'no_trade.kill_switch': { id: 'server.no_trade.kill_switch', defaultMessage: 'The kill switch was on: {reason}' },
  'no_trade.refused': { id: 'server.no_trade.refused', defaultMessage: 'The entry was refused: {reason}' },
  'no_trade.missed': { id: 'server.no_trade.missed', defaultMessage: 'The entry was missed: {reason}' },
  'no_trade.no_signal': { id: 'server.no_trade.no_signal', defaultMessage: 'No signal between {from} and {until}.' },
  'no_trade.no_entry': { id: 'server.no_trade.no_entry', defaultMessage: 'The bot did not enter.' },
  'no_trade.condition_words': {
    id: 'server.no_trade.condition_words',
    defaultMessage:
      '{kind, select, premium_falls {the {time} straddle falls {unit, select, points {{amount, number} points} other {{amount, number} %}} from its {time} premium} premium_rises {the {time} straddle rises {unit, select, points {{amount, number} points} other {{amount, number} %}} above its {time} premium} premium_crosses_above_vwap {the {time} straddle crosses above its VWAP} premium_crosses_below_vwap {the {time} straddle crosses below its VWAP} iv_above {the ATM IV is above {level, number} %} iv_below {the ATM IV is below {level, number} %} iv_crosses_above {the ATM IV crosses above {level, number} %} iv_crosses_below {the ATM IV crosses below {level, number} %} other {{kind}}}',
  },
  'no_trade.condition_no_index': {
    id: 'server.no_trade.condition_no_index',
    defaultMessage: 'Its entry condition ({condition}) could not be read: no index price for the minute of {time} that day.',
  },
  'no_trade.condition_no_prices': {
    id: 'server.no_trade.condition_no_prices',
    defaultMessage: 'Its entry condition ({condition}) could not be read: no price for the straddle’s legs at {time}{modelled, select, yes { (the day has no minute prices: its bhavcopy only)} other {}}.',
  },
  'no_trade.condition_not_met': {
    id: 'server.no_trade.condition_not_met',
    defaultMessage:
      'Its entry condition ({condition}) was not met between {from} and {until}{modelled, select, yes {, on prices modelled from the day’s bhavcopy (no minute prices imported)} other {}}.',
  },
  'no_trade.condition_not_met_premium': {
    id: 'server.no_trade.condition_not_met_premium',
    defaultMessage:
      'Its entry condition ({condition}) was not met between {from} and {until}: the straddle was {reference, number, ::currency/INR} at {time}, then between {low, number, ::currency/INR} and {high, number, ::currency/INR}{modelled, select, yes {, on prices modelled from the day’s bhavcopy (no minute prices imported)} other {}}.',
  },
  'no_trade.condition_not_met_iv': {
    id: 'server.no_trade.condition_not_met_iv',
    defaultMessage:
      'Its entry condition ({condition}) was not met between {from} and {until}: the ATM IV was {iv, number} % on the last minute read{modelled, select, yes {, on prices modelled from the day’s bhavcopy (no minute prices imported)} other {}}.',
  },

  'push.open': { id: 'server.push.open', defaultMessage: 'Open' },
  'push.kill_switch': { id: 'server.push.kill_switch', defaultMessage: 'Kill switch…' },
  'push.square_off': { id: 'server.push.square_off', defaultMessage: 'Square off…' },

  'refusal.risk_lots_per_order': {
    id: 'server.refusal.risk_lots_per_order',
    defaultMessage:
      "{lots} lots of {tradingsymbol} is more than your limit of {limit} lots per order. Change the account's risk limits on the <killSwitch>Kill switch page</killSwitch> if you mean it.",
  },
  'refusal.risk_trades_today': {
    id: 'server.refusal.risk_trades_today',
    defaultMessage:
      "You have placed {placed} of your {limit} trades today. Change the account's risk limits on the <killSwitch>Kill switch page</killSwitch> if you mean it.",
  },
  'refusal.risk_open_positions': {
    id: 'server.refusal.risk_open_positions',
    defaultMessage:
      "This would hold {positions} positions at once; your limit is {limit}. Change the account's risk limits on the <killSwitch>Kill switch page</killSwitch> if you mean it.",
  },
  'refusal.rate_per_day': {
    id: 'server.refusal.rate_per_day',
    defaultMessage: 'This account has placed {placed} orders today; the broker allows {limit} a day.',
  },
  'refusal.rate_per_second': {
    id: 'server.refusal.rate_per_second',
    defaultMessage: 'Too many orders: the broker allows {limit} a second per account. Try again in a second.',
  },
  'refusal.rate_per_minute': {
    id: 'server.refusal.rate_per_minute',
    defaultMessage: 'Too many orders: the broker allows {limit} a minute per account. Try again shortly.',
  },
  'refusal.request_per_second': {
    id: 'server.refusal.request_per_second',
    defaultMessage: 'This request makes {count} orders; the broker takes at most {limit} a second per account. Send fewer at once.',
  },
  'refusal.request_per_minute': {
    id: 'server.refusal.request_per_minute',
    defaultMessage: 'This request makes {count} orders; the broker takes at most {limit} a minute per account. Send it in parts.',
  },
  'refusal.request_minute_full': {
    id: 'server.refusal.request_minute_full',
    defaultMessage:
      'This request makes {count} orders and the account placed {placed} in the last minute; the broker takes {limit} a minute. Try again shortly.',
  },
  'refusal.too_many_slices': {
    id: 'server.refusal.too_many_slices',
    defaultMessage:
      "{quantity} units of {tradingsymbol} would go out as {orders} orders of at most {per_order} (the exchange's freeze quantity); the broker slices one order into at most {max_slices}, that is {max_units} units. Place the rest as another order.",
  },
  'refusal.not_listed': {
    id: 'server.refusal.not_listed',
    defaultMessage: '{exchange}:{tradingsymbol} is not a listed contract. Pick it from the option chain.',
  },
  'refusal.broker_session_expired': {
    id: 'server.refusal.broker_session_expired',
    defaultMessage: 'Your broker session has expired. Log in to the broker again to trade.',
  },
  'refusal.idempotency_in_progress': {
    id: 'server.refusal.idempotency_in_progress',
    defaultMessage: 'A request with this Idempotency-Key is still running. Check the order book for its outcome.',
  },
  'refusal.idempotency_key_reused': {
    id: 'server.refusal.idempotency_key_reused',
    defaultMessage: 'This Idempotency-Key was already used for a different request. Use a new key for a new intent.',
  },
  'refusal.order_not_working': {
    id: 'server.refusal.order_not_working',
    defaultMessage: 'Order {order_id} is {status} and can no longer be modified.',
  },
  'refusal.modification_limit': {
    id: 'server.refusal.modification_limit',
    defaultMessage: 'Order {order_id} was already modified {limit} times, the most an order allows. Cancel it and place a new one.',
  },
  'refusal.nothing_to_modify': {
    id: 'server.refusal.nothing_to_modify',
    defaultMessage:
      'Nothing would change on order {order_id}{ignored, select, trigger { (a {order_type} order takes no trigger price)} price { (a MARKET order takes no price)} other {}}: it was not modified, and the modification was not counted.',
  },
  'refusal.quantity_already_filled': {
    id: 'server.refusal.quantity_already_filled',
    defaultMessage: 'quantity: {filled} units are already filled; the new quantity must be larger.',
  },
  'refusal.amo_window': {
    id: 'server.refusal.amo_window',
    defaultMessage:
      'After-market order {order_id} cannot be {verb} now: the broker takes changes of after-market orders from {after_close} minutes after the close until {before_open} minutes before the open; {again, select, from {it can be {verb} from {time} IST} at_open {it goes to the exchange at {time} IST and can be {verb} from then} other {it can be {verb} once the broker takes after-market orders again}}.',
  },
  'refusal.not_reducing': {
    id: 'server.refusal.not_reducing',
    defaultMessage:
      '{position, select, none {{kind, select, stoploss {A stop-loss} other {A target}} needs an open position to reduce: there is no open {product} position in {tradingsymbol}.} long {{kind, select, stoploss {A stop-loss} other {A target}} must reduce the position ({side} at most {most}): the position is long {most}.} other {{kind, select, stoploss {A stop-loss} other {A target}} must reduce the position ({side} at most {most}): the position is short {most}.}}',
  },

  'refusal.kill_switch_confirmation': {
    id: 'server.refusal.kill_switch_confirmation',
    defaultMessage: 'Type the account number, {account}, to turn its kill switch off.',
  },
  'refusal.kill_switch_cooling_off': {
    id: 'server.refusal.kill_switch_cooling_off',
    defaultMessage: 'The kill switch of {account} can be turned off from {day} {time} IST, the cool-off chosen when it was turned on.',
  },
  'refusal.profit_lock_half': {
    id: 'server.refusal.profit_lock_half',
    defaultMessage: 'Set the profit lock with both the P&L it starts from and the share of the peak it keeps, or neither.',
  },

  // Portfolio protection (issue 41).
  'order.cancelled_by_protection': {
    id: 'server.order.cancelled_by_protection',
    defaultMessage: "Cancelled by the portfolio’s {kind, select, stop_loss {stop-loss} trailing_stop_loss {trailing stop-loss} profit_lock {profit lock} other {target}}.",
  },
  'alert.portfolio_protection_title': {
    id: 'server.alert.portfolio_protection_title',
    defaultMessage: "{kind, select, stop_loss {Stop-loss} trailing_stop_loss {Trailing stop-loss} profit_lock {Profit lock} other {Target}} hit: {portfolio}",
  },
  'alert.portfolio_protection_body': {
    id: 'server.alert.portfolio_protection_body',
    defaultMessage: "The MTM of {mtm, number, ::currency/INR} reached {level, number, ::currency/INR}: the portfolio’s positions are squared off and its working orders cancelled.",
  },
  'alert.portfolio_protection_paused_body': {
    id: 'server.alert.portfolio_protection_paused_body',
    defaultMessage:
      'The MTM of {mtm, number, ::currency/INR} reached {level, number, ::currency/INR}: the portfolio’s positions are squared off, its working orders cancelled and {count, plural, one {its running bot} other {its # running bots}} paused ({bots}): resume {count, plural, one {it} other {them}} when you choose.',
  },
  'refusal.protection_empty': {
    id: 'server.refusal.protection_empty',
    defaultMessage: "Set at least one level: a stop-loss, a target, a trailing stop-loss or a profit lock.",
  },
  'refusal.protection_zero': {
    id: 'server.refusal.protection_zero',
    defaultMessage: "{field}: must be more than zero.",
  },
  'refusal.protection_percent': {
    id: 'server.refusal.protection_percent',
    defaultMessage: "{field}: a percentage of margin is at most 100.",
  },
  'refusal.protection_no_margin': {
    id: 'server.refusal.protection_no_margin',
    defaultMessage: "This portfolio blocks no margin now, so a level in percent of margin means nothing: set it in rupees.",
  },
  'refusal.protection_trail_needs_stop': {
    id: 'server.refusal.protection_trail_needs_stop',
    defaultMessage: "A trailing stop-loss moves a stop-loss: set the stop-loss too.",
  },
  'refusal.protection_trail_too_fast': {
    id: 'server.refusal.protection_trail_too_fast',
    defaultMessage: "The trailing stop-loss would move up by {by, number, ::currency/INR}, more than the {every, number, ::currency/INR} the MTM rose: it would pass the MTM.",
  },
  'refusal.protection_lock_keep': {
    id: 'server.refusal.protection_lock_keep',
    defaultMessage: "The profit lock must keep less than the MTM it starts at: {keep, number, ::currency/INR} kept once the MTM reaches {at, number, ::currency/INR}.",
  },
  'refusal.protection_lock_target': {
    id: 'server.refusal.protection_lock_target',
    defaultMessage: "The profit lock starts at {at, number, ::currency/INR}, at or beyond the target of {target, number, ::currency/INR}: the target would exit first.",
  },
  'refusal.protection_stop_at_mtm': {
    id: 'server.refusal.protection_stop_at_mtm',
    defaultMessage: "A stop at an MTM of {level, number, ::currency/INR} would fire at once: the portfolio’s MTM is {mtm, number, ::currency/INR} now.",
  },
  'refusal.protection_target_at_mtm': {
    id: 'server.refusal.protection_target_at_mtm',
    defaultMessage: "A target at an MTM of {level, number, ::currency/INR} would fire at once: the portfolio’s MTM is {mtm, number, ::currency/INR} now.",
  },
  'refusal.protection_exiting': {
    id: 'server.refusal.protection_exiting',
    defaultMessage: "The portfolio’s protection is still squaring off its positions: change it once they are closed.",
  },

  // The field's name is for the French, which words the fields a trader's forms send; English names it as sent.
  'validation.field': { id: 'server.validation.field', defaultMessage: '{name, select, other {{field}}}' },
  'validation.required': { id: 'server.validation.required', defaultMessage: '{field}: is required' },
  'validation.unknown_field': { id: 'server.validation.unknown_field', defaultMessage: 'unknown field "{field}"' },
  'validation.not_empty': { id: 'server.validation.not_empty', defaultMessage: '{field}: must not be empty' },
  'validation.type': {
    id: 'server.validation.type',
    defaultMessage:
      '{field}: must be {type, select, string {text} integer {a whole number} number {a number} boolean {true or false} object {an object} array {a list} other {null}}{nullable, select, yes { or null} other {}}',
  },
  'validation.format': {
    id: 'server.validation.format',
    defaultMessage:
      '{field}: must be {format, select, email {a valid email address} date {a date like 2025-01-16} date_time {a date and time like 2025-01-16T09:15:00+05:30} uri {a valid link} uri_reference {a valid link} uuid {a UUID} other {a valid {format}}}',
  },
  'validation.min_length': {
    id: 'server.validation.min_length',
    defaultMessage: '{field}: must be at least {limit} {limit, plural, one {character} other {characters}}',
  },
  'validation.max_length': {
    id: 'server.validation.max_length',
    defaultMessage: '{field}: must be at most {limit} {limit, plural, one {character} other {characters}}',
  },
  'validation.pattern': {
    id: 'server.validation.pattern',
    defaultMessage:
      '{field}: {rule, select, mobile {must be an Indian mobile number: 10 digits starting with 6, 7, 8 or 9, optionally after +91} idempotency_key {must be 8 to 128 letters, digits or . _ : -} search_text {must be plain text, without line breaks, tabs or other control characters} other {is not in the expected format}}',
  },
  'validation.enum': { id: 'server.validation.enum', defaultMessage: '{field}: must be one of {values}' },
  'validation.bound': {
    id: 'server.validation.bound',
    defaultMessage: '{field}: must be {bound, select, minimum {at least} maximum {at most} exclusiveMinimum {greater than} other {less than}} {limit}',
  },
  'validation.decimals': {
    id: 'server.validation.decimals',
    defaultMessage: '{field}: must have at most {places} {places, plural, one {decimal place} other {decimal places}}',
  },
  'validation.multiple_of': { id: 'server.validation.multiple_of', defaultMessage: '{field}: must be a multiple of {step}' },
  'validation.min_items': {
    id: 'server.validation.min_items',
    defaultMessage: '{field}: must have at least {limit} {limit, plural, one {item} other {items}}',
  },
  'validation.max_items': {
    id: 'server.validation.max_items',
    defaultMessage: '{field}: must have at most {limit} {limit, plural, one {item} other {items}}',
  },
  'validation.unique_items': { id: 'server.validation.unique_items', defaultMessage: '{field}: must not contain the same value twice' },
  'validation.no_form': { id: 'server.validation.no_form', defaultMessage: '{field}: does not match any of the allowed forms' },
  'validation.body_not_object': { id: 'server.validation.body_not_object', defaultMessage: 'The request body must be a JSON object' },
  'validation.too_few_fields': {
    id: 'server.validation.too_few_fields',
    defaultMessage: 'Send at least {limit} {limit, plural, one {field} other {fields}}',
  },

  'kite.call': {
    id: 'server.kite.call',
    defaultMessage:
      "{call, select, order {the order for {tradingsymbol}} modification {the modification of order {order_id}} cancellation {the cancellation of order {order_id}} order_history {the history of order {order_id}} order_book {the order book} trades {the trades} positions {the positions} holdings {the holdings} funds {the funds} broker_kill_switch {its own kill switch} charges {the charges} last_prices {the last prices} order_charges {the charges of these orders} order_margins {the margin of these orders} portfolio_margin {the portfolio's margin} candles {the historical candles} other {{call}}}",
  },
  // Kite's error type is for the French, which says what kind of refusal Kite's English words are.
  'kite.refused': { id: 'server.kite.refused', defaultMessage: 'Kite refused {what}: {message}{error_type, select, other {}}' },
  'kite.unavailable': {
    id: 'server.kite.unavailable',
    defaultMessage: 'Kite could not answer {what} right now ({detail}). Try again in a few seconds.',
  },
  'kite.outcome_unknown': {
    id: 'server.kite.outcome_unknown',
    defaultMessage:
      'Kite did not confirm {what}: it may have happened. Check the order book before doing anything else; sending the same request again (same Idempotency-Key) after 30 seconds finds it by its tag instead of placing it twice.',
  },
  'kite.rate_limit_reached': {
    id: 'server.kite.rate_limit_reached',
    defaultMessage: "Kite's rate limit was reached ({detail}): nothing was sent. Try again in a moment.",
  },
  // Upstox's error code is for the French, which says what kind of refusal Upstox's English words are.
  'upstox.refused': { id: 'server.upstox.refused', defaultMessage: 'Upstox refused {what} ({code}): {message}{kind, select, other {}}' },
  'upstox.unavailable': {
    id: 'server.upstox.unavailable',
    defaultMessage: 'Upstox could not answer {what} right now ({detail}). Try again in a few seconds.',
  },
  'upstox.outcome_unknown': {
    id: 'server.upstox.outcome_unknown',
    defaultMessage:
      'Upstox did not confirm {what}: it may have happened. Check the order book before doing anything else; sending the same request again (same Idempotency-Key) after 30 seconds finds it by its tag instead of placing it twice.',
  },
  'upstox.webhook_refused': {
    id: 'server.upstox.webhook_refused',
    defaultMessage: '{reason, select, not_order {The webhook is not an Upstox order update} other {Upstox does not confirm this order for a logged-in Upstox account}}',
  },
  'upstox.rate_limit_reached': {
    id: 'server.upstox.rate_limit_reached',
    defaultMessage: "Upstox's rate limit was reached ({detail}): nothing was sent. Try again in a moment.",
  },
  'upstox.instruments_unavailable': {
    id: 'server.upstox.instruments_unavailable',
    defaultMessage: "Upstox's instrument file could not be fetched ({detail}): without it StrikeDesk cannot name Upstox's contracts. Try again in a few seconds.",
  },
  'upstox.rate_limited': {
    id: 'server.upstox.rate_limited',
    defaultMessage:
      'Upstox allows {count} {limit, select, quotes_second {quotes a second} orders_burst {orders a second: send at most {count} at once} orders_second {orders a second} orders_minute {orders a minute} other {orders in 30 minutes}} per account: nothing was sent. Try again in {seconds, plural, one {a second} other {{seconds} seconds}}.',
  },
  // Dhan's error code is for the French, which says what kind of refusal Dhan's English words are.
  'dhan.postback_refused': {
    id: 'server.dhan.postback_refused',
    defaultMessage: '{reason, select, not_order {The postback is not a Dhan order update} other {Dhan does not confirm this order for a logged-in Dhan account}}',
  },
  'dhan.refused': { id: 'server.dhan.refused', defaultMessage: 'Dhan refused {what} ({code}): {message}{kind, select, other {}}' },
  'dhan.unavailable': {
    id: 'server.dhan.unavailable',
    defaultMessage: 'Dhan could not answer {what} right now ({detail}). Try again in a few seconds.',
  },
  'dhan.outcome_unknown': {
    id: 'server.dhan.outcome_unknown',
    defaultMessage:
      'Dhan did not confirm {what}: it may have happened. Check the order book before doing anything else; sending the same request again (same Idempotency-Key) after 30 seconds finds it by its tag instead of placing it twice.',
  },
  'dhan.rate_limit_reached': {
    id: 'server.dhan.rate_limit_reached',
    defaultMessage: "Dhan's rate limit was reached ({detail}): nothing was sent. Try again in a moment.",
  },
  'dhan.rate_limited': {
    id: 'server.dhan.rate_limited',
    defaultMessage:
      'Dhan allows {count} {limit, select, quotes_second {quotes a second} orders_burst {orders a second: send at most {count} at once} orders_second {orders a second} orders_minute {orders a minute} orders_hour {orders an hour} other {orders a day}} per account: nothing was sent. Try again in {seconds, plural, one {a second} other {{seconds} seconds}}.',
  },
  'dhan.instruments_unavailable': {
    id: 'server.dhan.instruments_unavailable',
    defaultMessage: "Dhan's scrip master could not be fetched ({detail}): without it StrikeDesk cannot name Dhan's contracts. Try again in a few seconds.",
  },
  'broker_login.dhan_refused': {
    id: 'server.broker_login.dhan_refused',
    defaultMessage:
      "Dhan refused the login: {dhan} The login may have been used or expired, or the account's API key (app id) or secret is not the one Dhan knows. Log in to the broker again.",
  },
  'broker_login.dhan_unreachable': {
    id: 'server.broker_login.dhan_unreachable',
    defaultMessage: 'Dhan could not be reached to finish the login ({detail}). Log in to the broker again in a moment.',
  },
  // A Noren broker (Shoonya, Flattrade) answers a refusal with its own words and no code.
  'noren.refused': { id: 'server.noren.refused', defaultMessage: '{broker} refused {what}: {message}' },
  'noren.instruments_unavailable': {
    id: 'server.noren.instruments_unavailable',
    defaultMessage: "{broker}'s scrip master could not be fetched ({detail}): without it StrikeDesk cannot name {broker}'s contracts. Try again in a few seconds.",
  },
  'shoonya.unavailable': {
    id: 'server.shoonya.unavailable',
    defaultMessage: 'Shoonya could not answer {what} right now ({detail}). Try again in a few seconds.',
  },
  'shoonya.outcome_unknown': {
    id: 'server.shoonya.outcome_unknown',
    defaultMessage:
      'Shoonya did not confirm {what}: it may have happened. Check the order book before doing anything else; sending the same request again (same Idempotency-Key) after 30 seconds finds it by its tag instead of placing it twice.',
  },
  'shoonya.rate_limit_reached': {
    id: 'server.shoonya.rate_limit_reached',
    defaultMessage: "Shoonya's rate limit was reached ({detail}): nothing was sent. Try again in a moment.",
  },
  'shoonya.rate_limited': {
    id: 'server.shoonya.rate_limited',
    defaultMessage:
      'Shoonya allows {count} {limit, select, quotes_second {quotes a second} orders_burst {orders a second: send at most {count} at once} orders_second {orders a second} other {orders a minute}} per account: nothing was sent. Try again in {seconds, plural, one {a second} other {{seconds} seconds}}.',
  },
  'flattrade.unavailable': {
    id: 'server.flattrade.unavailable',
    defaultMessage: 'Flattrade could not answer {what} right now ({detail}). Try again in a few seconds.',
  },
  'flattrade.outcome_unknown': {
    id: 'server.flattrade.outcome_unknown',
    defaultMessage:
      'Flattrade did not confirm {what}: it may have happened. Check the order book before doing anything else; sending the same request again (same Idempotency-Key) after 30 seconds finds it by its tag instead of placing it twice.',
  },
  'flattrade.rate_limit_reached': {
    id: 'server.flattrade.rate_limit_reached',
    defaultMessage: "Flattrade's rate limit was reached ({detail}): nothing was sent. Try again in a moment.",
  },
  'flattrade.rate_limited': {
    id: 'server.flattrade.rate_limited',
    defaultMessage:
      'Flattrade allows {count} {limit, select, quotes_second {quotes a second} orders_burst {orders a second: send at most {count} at once} orders_second {orders a second} other {orders a minute}} per account: nothing was sent. Try again in {seconds, plural, one {a second} other {{seconds} seconds}}.',
  },
  'broker_login.noren_refused': {
    id: 'server.broker_login.noren_refused',
    defaultMessage:
      "{broker} refused the login: {words}. The code may have been used or expired, or the account's API key or secret is not the one {broker} knows. Log in to the broker again.",
  },
  'broker_login.noren_unreachable': {
    id: 'server.broker_login.noren_unreachable',
    defaultMessage: '{broker} could not be reached to finish the login ({detail}). Log in to the broker again in a moment.',
  },
  'broker.session_ended': {
    id: 'server.broker.session_ended',
    defaultMessage: 'Your {broker} session has ended{said, select, yes { ({broker}: {detail})} other {}}. Log in to the broker again to trade and to see live positions.',
  },
  'kite.rate_limited': {
    id: 'server.kite.rate_limited',
    defaultMessage:
      'Kite allows {count} {limit, select, quotes_second {quote a second} orders_burst {orders a second: send at most {count} at once} orders_second {orders a second} orders_minute {orders a minute} other {orders a day}} per account: nothing was sent. Try again in {seconds, plural, one {a second} other {{seconds} seconds}}.',
  },

  'recommendation.bull_call_spread_title': {
    id: 'server.recommendation.bull_call_spread_title',
    defaultMessage: '{index} momentum: bull call spread {low, number, ::group-off}/{high, number, ::group-off}',
  },
  'recommendation.bear_put_spread_title': {
    id: 'server.recommendation.bear_put_spread_title',
    defaultMessage: '{index} under pressure: bear put spread {high, number, ::group-off}/{low, number, ::group-off}',
  },
  'recommendation.iron_condor_title': {
    id: 'server.recommendation.iron_condor_title',
    defaultMessage: 'Range-bound {index}: iron condor {low, number, ::group-off}–{high, number, ::group-off}',
  },
  'recommendation.rationale': {
    id: 'server.recommendation.rationale',
    // eslint-disable-next-line formatjs/no-multiple-whitespaces -- a blank line is the paragraph break the screens split on
    defaultMessage: '{reason}\n\n{details}',
  },
  'recommendation.reason': {
    id: 'server.recommendation.reason',
    defaultMessage:
      '{index} is {direction, select, up {up} other {down}} {change, number, ::.00} % today{strategy, select, bull_call_spread {: a call spread rides the move with a loss capped at the premium paid.} bear_put_spread {: a put spread profits if the slide continues, and risks only the premium paid.} other {, inside a narrow range: the condor keeps its premium while the index stays between the short strikes.}}',
  },
  'recommendation.details': {
    id: 'server.recommendation.details',
    defaultMessage:
      'At {spot, number, ::.##}, on the {expiry} expiry, one set of lots (lot size {lot_size}) makes {reward_known, select, yes {up to {reward, number, ::currency/INR}} other {an open-ended profit}} for {risk_known, select, yes {at most {risk, number, ::currency/INR}} other {an unlimited loss}}{has_breakevens, select, yes {; it breaks even at {breakevens}.} other {.}}',
  },

  'commentary.chain_figures': {
    id: 'server.commentary.chain_figures',
    // eslint-disable-next-line formatjs/no-multiple-whitespaces -- a blank line is the paragraph break the screens split on
    defaultMessage: '\n\nPut-call ratio {pcr, number, ::.00}{max_pain_known, select, yes {, max pain {max_pain, number, ::.##}} other {}}.',
  },
  'commentary.level_break_title': {
    id: 'server.commentary.level_break_title',
    defaultMessage: '{index} {direction, select, up {breaks above} other {slips below}} {level, number, ::.##}',
  },
  'commentary.level_break_body': {
    id: 'server.commentary.level_break_body',
    defaultMessage:
      '{index} crossed {level, number, ::.##} at {time} IST and trades at {spot, number, ::.##}, {change, number, ::sign-always .00} % on the day (range {low, number, ::.##}–{high, number, ::.##}).{figures}',
  },
  'commentary.mover_title': {
    id: 'server.commentary.mover_title',
    defaultMessage: '{symbol} {direction, select, up {jumps} other {drops}} {move} % today',
  },
  'commentary.mover_body': {
    id: 'server.commentary.mover_body',
    defaultMessage:
      '{symbol} trades at {price, number, ::currency/INR}, {change, number, ::sign-always .00} % on the day, the biggest move among {index}\'s options near the money.',
  },
  'commentary.volatility_title': {
    id: 'server.commentary.volatility_title',
    defaultMessage: '{index} volatility spikes: {realised, number, ::.0} % realised',
  },
  'commentary.volatility_body': {
    id: 'server.commentary.volatility_body',
    defaultMessage:
      'Over the last {minutes} minutes {index} has moved at an annualised {realised, number, ::.0} %, well above the {iv, number, ::.0} % its at-the-money options imply ({move, number, ::sign-always .00} % over the stretch). Option sellers may widen their quotes.',
  },
  'commentary.close_title': {
    id: 'server.commentary.close_title',
    defaultMessage: '{index} closes {direction, select, higher {higher} other {lower}} at {close, number, ::.##}',
  },
  'commentary.close_body': {
    id: 'server.commentary.close_body',
    defaultMessage:
      '{index} ended the {day} session at {close, number, ::.##}, {points, number, ::sign-always .00} points ({change, number, ::sign-always .00} %), after trading between {low, number, ::.##} and {high, number, ::.##}.',
  },
  'commentary.simulated_market_title': { id: 'server.commentary.simulated_market_title', defaultMessage: 'Simulated market live' },
  'commentary.simulated_market_body': {
    id: 'server.commentary.simulated_market_body',
    defaultMessage:
      'Prices on StrikeDesk come from its market simulator: indices move tick by tick from {open} to {close} IST (or all day in demo mode), and this feed reports what they do.',
  },

  'signal.call_oi': {
    id: 'server.signal.call_oi',
    defaultMessage: 'Highest call open interest at {strike, number, ::group-off} ({lakh, number, ::.00} lakh units): resistance',
  },
  'signal.put_oi': {
    id: 'server.signal.put_oi',
    defaultMessage: 'Highest put open interest at {strike, number, ::group-off} ({lakh, number, ::.00} lakh units): support',
  },
  'signal.mover': { id: 'server.signal.mover', defaultMessage: 'Biggest mover of the chain: {change, number, ::sign-always .00} % today' },
  'signal.atm_open_interest': {
    id: 'server.signal.atm_open_interest',
    defaultMessage: 'At-the-money {type, select, CE {call} other {put}} of the {expiry} expiry: {lakh, number, ::.00} lakh units open',
  },

  'house_bot.name': {
    id: 'server.house_bot.name',
    defaultMessage:
      '{bot, select, nifty_expiry_straddle {NIFTY expiry straddle} nifty_iron_condor {NIFTY iron condor} banknifty_strangle {BANKNIFTY strangle} banknifty_momentum_buyer {BANKNIFTY momentum buyer} finnifty_iron_butterfly {FINNIFTY iron butterfly} midcpnifty_breakout_straddle {MIDCPNIFTY breakout straddle} sensex_bull_call_spread {SENSEX bull call spread} nifty_bear_put_spread {NIFTY bear put spread} other {{bot}}}',
  },
  'house_bot.description': {
    id: 'server.house_bot.description',
    defaultMessage:
      '{bot, select, nifty_expiry_straddle {Sells the at-the-money call and put at the open and buys them back at the close.} nifty_iron_condor {Sells a strangle about one day’s move away and buys wings beyond it, so the loss is capped.} banknifty_strangle {Sells out-of-the-money calls and puts on BANKNIFTY and keeps the premium when the day stays in range.} banknifty_momentum_buyer {Buys options in the direction of the opening move and exits at the close.} finnifty_iron_butterfly {Sells the at-the-money straddle and buys protective wings.} midcpnifty_breakout_straddle {Buys the at-the-money straddle, betting on a move bigger than the options price in.} sensex_bull_call_spread {Buys an at-the-money call and sells one further out: a bounded bet on a rising SENSEX.} nifty_bear_put_spread {Buys an at-the-money put and sells one further out: a bounded bet on a falling NIFTY.} other {}}',
  },
  'history.header_lacks': { id: 'server.history.header_lacks', defaultMessage: 'the header lacks {columns}' },
  'history.not_a_number': { id: 'server.history.not_a_number', defaultMessage: '{column} "{value}" is not a number' },
  'history.not_a_whole_number': { id: 'server.history.not_a_whole_number', defaultMessage: '{column} "{value}" is not a whole number' },
  'history.too_large': { id: 'server.history.too_large', defaultMessage: '{column} "{value}" is too large' },
  'history.negative': { id: 'server.history.negative', defaultMessage: '{column} "{value}" is negative' },
  'history.not_a_calendar_date': { id: 'server.history.not_a_calendar_date', defaultMessage: '{column} "{value}" is not a calendar date' },
  'history.not_an_iso_date': { id: 'server.history.not_an_iso_date', defaultMessage: '{column} "{value}" is not a date like 2024-07-08' },
  'history.not_a_day_month_year_date': { id: 'server.history.not_a_day_month_year_date', defaultMessage: '{column} "{value}" is not a date like 25-JUL-2024' },
  'history.not_call_or_put': { id: 'server.history.not_call_or_put', defaultMessage: '{column} "{value}" is not CE or PE' },
  'history.high_below_low': { id: 'server.history.high_below_low', defaultMessage: 'the high is below the low' },
  'history.open_or_close_above_high': { id: 'server.history.open_or_close_above_high', defaultMessage: 'open or close above the high' },
  'history.expiry_before_trade_date': { id: 'server.history.expiry_before_trade_date', defaultMessage: 'the expiry {expiry} is before the trade date {trade_date}' },
  'history.strike_not_positive': { id: 'server.history.strike_not_positive', defaultMessage: 'the strike is not positive' },
  'history.zero': { id: 'server.history.zero', defaultMessage: '{column} is zero' },
  'history.contract_twice': { id: 'server.history.contract_twice', defaultMessage: '{index} {expiry} {strike, number, ::group-off} {option_type} appears twice for {trade_date}' },
  'history.bhavcopy_header': { id: 'server.history.bhavcopy_header', defaultMessage: 'the header is neither NSE bhavcopy layout (UDiFF TckrSymb/FinInstrmTp, or INSTRUMENT/EXPIRY_DT)' },
  'history.no_index_option_rows': { id: 'server.history.no_index_option_rows', defaultMessage: 'the file has no NIFTY, BANKNIFTY, FINNIFTY or MIDCPNIFTY option rows' },
  'history.timestamp_shape': { id: 'server.history.timestamp_shape', defaultMessage: 'timestamp "{value}" is not like 2024-07-08 09:15:00 (IST) or 2024-07-08T09:15:00+05:30' },
  'history.timestamp_not_whole_minute': { id: 'server.history.timestamp_not_whole_minute', defaultMessage: 'timestamp "{value}" is not on a whole minute' },
  'history.timestamp_not_real': { id: 'server.history.timestamp_not_real', defaultMessage: 'timestamp "{value}" is not a real date and time' },
  'history.unknown_symbol': { id: 'server.history.unknown_symbol', defaultMessage: 'symbol "{symbol}" is not NIFTY, BANKNIFTY, FINNIFTY or MIDCPNIFTY' },
  'history.symbol_differs': { id: 'server.history.symbol_differs', defaultMessage: 'symbol {symbol} differs from {index}: one index per file' },
  'history.prices_not_positive': { id: 'server.history.prices_not_positive', defaultMessage: 'prices must be positive' },
  'history.candle_high_below': { id: 'server.history.candle_high_below', defaultMessage: 'the high is below the open, close or low' },
  'history.candle_low_above': { id: 'server.history.candle_low_above', defaultMessage: 'the low is above the open or close' },
  'history.candle_twice': { id: 'server.history.candle_twice', defaultMessage: 'the candle of {value} appears twice' },
  'history.minute_header': { id: 'server.history.minute_header', defaultMessage: 'the header needs timestamp, open, high, low and close columns' },
  'history.minute_index_unknown': { id: 'server.history.minute_index_unknown', defaultMessage: 'say which index these candles are (a symbol column, the index field, or the index in the file name)' },
  'history.no_candles': { id: 'server.history.no_candles', defaultMessage: 'the file has no candles' },
  'history.more_lines': { id: 'server.history.more_lines', defaultMessage: '{count} more lines do not parse' },
  'history.file_too_large': { id: 'server.history.file_too_large', defaultMessage: 'the file is larger than {megabytes} MB' },
  'history.not_text': { id: 'server.history.not_text', defaultMessage: 'the file is not text: upload the CSV or the ZIP NSE publishes' },
  'history.unknown_file': { id: 'server.history.unknown_file', defaultMessage: 'not an NSE F&O bhavcopy (UDiFF or the older layout), an NSE index close file (ind_close_all) nor a minute-candle CSV (timestamp, open, high, low, close)' },
  'history.not_a_day_month_number_date': { id: 'server.history.not_a_day_month_number_date', defaultMessage: '{column} "{value}" is not a date like 08-07-2024' },
  'history.index_day_twice': { id: 'server.history.index_day_twice', defaultMessage: '{index} appears twice for {trade_date}' },
  'refusal.security_in_ban': { id: 'server.refusal.security_in_ban', defaultMessage: "{underlying} is in the F&O ban on {trade_date} (over its market-wide position limit): the exchange takes only orders that reduce your position in its contracts, and this {tradingsymbol} order would not." },
  'roll.not_option': { id: 'server.roll.not_option', defaultMessage: '{tradingsymbol} is not an option: a future rolls with "Roll to next month".' },
  'roll.mixed_legs': { id: 'server.roll.mixed_legs', defaultMessage: 'The legs rolled together must be options of one underlying and one expiry: {tradingsymbol} is not.' },
  'roll.no_position': { id: 'server.roll.no_position', defaultMessage: 'There is no open {tradingsymbol} position to roll.' },
  'roll.expiry_not_listed': { id: 'server.roll.expiry_not_listed', defaultMessage: '{tradingsymbol} is not among the contracts listed today (expired, or not traded here).' },
  'roll.no_next_expiry': { id: 'server.roll.no_next_expiry', defaultMessage: '{underlying} lists no expiry after {expiry} today.' },
  'roll.no_strike': { id: 'server.roll.no_strike', defaultMessage: 'The {expiry} expiry lists no strike to roll {tradingsymbol} to.' },
  'roll.no_level': { id: 'server.roll.no_level', defaultMessage: "{underlying}'s level is not known now, so the distance from the money cannot be read: roll at the same strike." },
  'holding.none_held': { id: 'server.holding.none_held', defaultMessage: "You hold no {symbol} shares from a delivery to sell." },
  'holding.none_owed': { id: 'server.holding.none_owed', defaultMessage: "You owe no {symbol} shares from a delivery to buy back." },
  'holding.more_than_held': { id: 'server.holding.more_than_held', defaultMessage: "You hold {held} {symbol} shares: a sale of {asked} would sell shares you do not have." },
  'holding.more_than_owed': { id: 'server.holding.more_than_owed', defaultMessage: "You owe {owed} {symbol} shares: buy back at most that many ({asked} asked)." },
  'holding.sell_limit_not_reached': { id: 'server.holding.sell_limit_not_reached', defaultMessage: "{symbol} is at {price, number, ::currency/INR}, below your limit of {limit, number, ::currency/INR}. An order on delivered shares fills now or not at all: nothing was placed." },
  'holding.buy_limit_not_reached': { id: 'server.holding.buy_limit_not_reached', defaultMessage: "{symbol} is at {price, number, ::currency/INR}, above your limit of {limit, number, ::currency/INR}. An order on delivered shares fills now or not at all: nothing was placed." },
  'holding.insufficient_funds': { id: 'server.holding.insufficient_funds', defaultMessage: "Buying the shares back needs {required, number, ::currency/INR} with charges; {available, number, ::currency/INR} is available." },
  'holding.at_broker': { id: 'server.holding.at_broker', defaultMessage: "This account's shares are held at {broker}, whose holdings StrikeDesk does not read yet: sell or buy them back in {broker}'s own app." },
  'holding.cnc_not_fo': { id: 'server.holding.cnc_not_fo', defaultMessage: 'A delivery (CNC) order only sells shares held: it cannot be a stop-loss, a target or a bot order.' },
  'ban_list.bad_header': { id: 'server.ban_list.bad_header', defaultMessage: "the first line \"{line_text}\" is not NSE's header \"Securities in Ban For Trade Date DD-MON-YYYY:\"" },
  'ban_list.bad_line': { id: 'server.ban_list.bad_line', defaultMessage: "line {line} \"{line_text}\" is not a serial and a symbol like \"1,KAYNES\", numbered from 1 in order" },
  'ban_list.nil_unclear': { id: 'server.ban_list.nil_unclear', defaultMessage: "the file must either say NIL or list securities, not both or neither" },
  'ban_list.repeated': { id: 'server.ban_list.repeated', defaultMessage: "{symbol} is listed twice" },
  'ban_list.after_next_session': { id: 'server.ban_list.after_next_session', defaultMessage: "the file is for {trade_date}, after the next trading day ({next_day}): NSE publishes a day's list the evening before" },
  'ban_list.before_exchange': { id: 'server.ban_list.before_exchange', defaultMessage: "the file is for {trade_date}, before NSE's F&O segment opened ({first_day})" },
  'ban_list.not_trading_day': { id: 'server.ban_list.not_trading_day', defaultMessage: "the file is for {trade_date}, a day NSE does not trade" },
  'ban_list.not_fo_stocks': { id: 'server.ban_list.not_fo_stocks', defaultMessage: "{symbols}: not a stock with F&O contracts on {trade_date}" },
  'ban_list.differs': { id: 'server.ban_list.differs', defaultMessage: "the list of {trade_date} is already imported and says otherwise: a day has one list" },
  'order.pre_open_options': { id: 'server.order.pre_open_options', defaultMessage: "Options trade from {open} IST. The F&O pre-open ({from}-{to} IST) takes only current-month futures: place it from {open}." },
  'order.pre_open_other_month': { id: 'server.order.pre_open_other_month', defaultMessage: "{tradingsymbol} is not in the F&O pre-open ({from}-{to} IST): it takes the current month's futures only (the next month's in the last five trading days before its expiry). Place it from {open} IST." },
  'order.pre_open_stop_loss': { id: 'server.order.pre_open_stop_loss', defaultMessage: "The F&O pre-open takes only MARKET and LIMIT orders: place the stop-loss from {open} IST." },
  'order.pre_open_closed': { id: 'server.order.pre_open_closed', defaultMessage: "The F&O pre-open stopped taking orders at {to} IST and matches them now: orders are taken again from {open} IST." },
  'history.day_in_future': { id: 'server.history.day_in_future', defaultMessage: 'the file holds {trade_date}, after today ({today}, IST): a day that has not traded yet' },
  'history.day_before_exchange': { id: 'server.history.day_before_exchange', defaultMessage: "the file holds {trade_date}, before {exchange}'s F&O segment opened ({first_day}): no such market existed" },
  'history.name_day_mismatch': { id: 'server.history.name_day_mismatch', defaultMessage: "the file's name is dated {name_day} but it holds {trade_date}: a renamed or altered file" },
  'history.index_name_outside_dates': { id: 'server.history.index_name_outside_dates', defaultMessage: '"{name}" names {index} in NSE\'s files from {from} to {until}, not on {trade_date}: a file of another day, or a name NSE did not use then' },
  'history.no_index_close_rows': { id: 'server.history.no_index_close_rows', defaultMessage: 'the file has no Nifty 50, Nifty Bank, Nifty Financial Services or Nifty Midcap Select rows' },
  'history.zip_without_csv': { id: 'server.history.zip_without_csv', defaultMessage: 'the ZIP holds no CSV file' },
  'history.participant_header': {
    id: 'server.history.participant_header',
    defaultMessage: 'no header line "Client Type,Future Index Long,…" in the first two lines of this participant-wise open interest file',
  },
  'history.participant_unknown': { id: 'server.history.participant_unknown', defaultMessage: 'Client Type "{value}" is not Client, DII, FII, Pro or TOTAL' },
  'history.participant_twice': { id: 'server.history.participant_twice', defaultMessage: '{participant} appears twice' },
  'history.participant_missing': { id: 'server.history.participant_missing', defaultMessage: 'the file has no {participants} line' },
  'history.participant_total_differs': {
    id: 'server.history.participant_total_differs',
    defaultMessage: '{column}: the TOTAL line says {total, number, ::group-off}, the participants add up to {sum, number, ::group-off}',
  },
  'history.participant_no_date': {
    id: 'server.history.participant_no_date',
    defaultMessage: 'no date: neither the title ("… as on Aug 28, 2026") nor the file name (fao_participant_oi_28082026.csv) gives one',
  },
  'history.participant_dates_differ': { id: 'server.history.participant_dates_differ', defaultMessage: 'the title’s date {title_date} differs from the file name’s {name_date}' },
  'history.participant_range_too_long': {
    id: 'server.history.participant_range_too_long',
    defaultMessage: 'to: at most {limit} days a request (asked {days}): read a longer history a year at a time',
  },
  'history.combined_oi_no_rows': { id: 'server.history.combined_oi_no_rows', defaultMessage: 'the file lists no stock under its header' },
  'history.combined_oi_dates_differ': {
    id: 'server.history.combined_oi_dates_differ',
    defaultMessage: "the file mixes days: {first} and {other} (NSE's file is of one day)",
  },
  'history.combined_oi_twice': { id: 'server.history.combined_oi_twice', defaultMessage: '{symbol} appears twice' },
  'history.combined_oi_no_limit': { id: 'server.history.combined_oi_no_limit', defaultMessage: '{symbol}: its MWPL is 0 (a limit is never nothing)' },
  'history.combined_oi_bad_limit': {
    id: 'server.history.combined_oi_bad_limit',
    defaultMessage: 'Limit for Next Day "{value}" is neither a number of shares nor "No Fresh Positions"',
  },
  'history.combined_oi_not_shares': { id: 'server.history.combined_oi_not_shares', defaultMessage: '{column} "{value}" is not a number of shares' },
  'open_interest.strikes': {
    id: 'server.open_interest.strikes',
    defaultMessage: 'strikes: “{value}” is not a strike in rupees; write strikes separated by commas, like 24000,24100',
  },
  'open_interest.too_many_strikes': { id: 'server.open_interest.too_many_strikes', defaultMessage: 'strikes: at most {limit} strikes on one chart (asked {asked})' },
  'open_interest.unlisted_strike': {
    id: 'server.open_interest.unlisted_strike',
    defaultMessage: 'strikes: {strike} is not a strike of the {expiry} expiry in the stored days',
  },
  'open_interest.no_day': { id: 'server.open_interest.no_day', defaultMessage: 'No open interest of {index} is stored for {day}: choose one of the days listed' },
  'open_interest.range_too_long': { id: 'server.open_interest.range_too_long', defaultMessage: 'to: at most {limit} days a request (asked {days})' },
  'history.iv_expiry_before_day': {
    id: 'server.history.iv_expiry_before_day',
    defaultMessage: 'expiry: {expiry} had expired before {day}: choose an expiry on or after the day',
  },
  'history.iv_minute_outside_session': {
    id: 'server.history.iv_minute_outside_session',
    defaultMessage: 'at: {time} is outside NSE’s session: choose a minute from {first} to {last}',
  },
  'history.no_options_history': {
    id: 'server.history.no_options_history',
    defaultMessage: 'index: market history keeps no options of {index}: choose NIFTY, BANKNIFTY, FINNIFTY, MIDCPNIFTY or an F&O stock',
  },
  'premium.leg_shape': {
    id: 'server.premium.leg_shape',
    defaultMessage: 'legs: leg {position} "{value}" is not INDEX:EXPIRY:STRIKE:CE|PE:B|S:LOTS (NIFTY:2024-07-11:24300:CE:S:1)',
  },
  'premium.too_many_legs': { id: 'server.premium.too_many_legs', defaultMessage: 'legs: at most {limit} legs a strategy' },
  'premium.one_index': { id: 'server.premium.one_index', defaultMessage: 'legs: every leg must be on the same index' },
  'premium.leg_twice': { id: 'server.premium.leg_twice', defaultMessage: 'legs: leg {position} repeats an earlier leg’s contract' },
  'premium.expired_before': {
    id: 'server.premium.expired_before',
    defaultMessage: 'legs: leg {position} expired on {expiry}, before the range’s first day {from}',
  },
  'premium.no_prices': {
    id: 'server.premium.no_prices',
    defaultMessage: 'legs: no recorded or imported price of {contract} (leg {position}) from {from} to {to}',
  },
  'premium.range_too_long': { id: 'server.premium.range_too_long', defaultMessage: 'to: at most {limit} days a request (asked {days})' },
  'premium.too_many_candles': {
    id: 'server.premium.too_many_candles',
    defaultMessage: 'interval: more than {limit, number} candles in this range: choose a longer interval or a shorter range',
  },
  'backtest.bot_required': {
    id: 'server.backtest.bot_required',
    defaultMessage: 'Choose one bot to backtest: a saved daily bot, a saved trading bot, or a bot configured here.',
  },
  'backtest.range_invalid': {
    id: 'server.backtest.range_invalid',
    defaultMessage: 'The first day of a backtest must come before its last: {from} is after {to}.',
  },
  'backtest.range_too_long': {
    id: 'server.backtest.range_too_long',
    defaultMessage: 'A backtest covers at most {years} years; {from} to {to} is longer. Shorten the range.',
  },
  'backtest.no_history': {
    id: 'server.backtest.no_history',
    defaultMessage: 'No {index} option history is imported between {from} and {to}. Import the NSE bhavcopies of those days first.',
  },
  'backtest.rules_unknown': {
    id: 'server.backtest.rules_unknown',
    defaultMessage:
      '{index} on {day} cannot be backtested: the server knows {rule, select, charges {the charge rates (STT, exchange, SEBI, stamp duty)} margins {the exchange’s margin rules} lot_size {the lot size (the day has no bhavcopy lot size)} other {a rule}} only from {from}. Start the backtest on a later day.',
  },
  'backtest.failed': { id: 'server.backtest.failed', defaultMessage: 'The backtest stopped on {day}: {reason}' },
  'replay.open': {
    id: 'server.replay.open',
    defaultMessage: 'You are replaying {index} on {day}: end that replay, or confirm to replace it.',
  },
  'replay.no_history': {
    id: 'server.replay.no_history',
    defaultMessage: 'Market history holds no {index} option prices and index minutes for {day} to replay.',
  },
  'replay.closed_holiday': {
    id: 'server.replay.closed_holiday',
    defaultMessage: 'NSE was closed on {day} ({holiday}) and market history holds no {index} trading on it to replay.',
  },
  'replay.closed_weekend': {
    id: 'server.replay.closed_weekend',
    defaultMessage: 'NSE was closed on {day} (a {weekday, select, saturday {Saturday} other {Sunday}}) and market history holds no {index} trading on it to replay.',
  },
  'replay.rules_unknown': {
    id: 'server.replay.rules_unknown',
    defaultMessage:
      '{index} on {day} cannot be replayed: the server knows {rule, select, charges {the charge rates (STT, exchange, SEBI, stamp duty)} margins {the exchange’s margin rules} lot_size {the lot size (the day has no bhavcopy lot size)} other {a rule}} only from {from}.',
  },
  'replay.outside_session': {
    id: 'server.replay.outside_session',
    defaultMessage: '{minute} is outside the session: NSE traded on {day} from {open} to {close}.',
  },
  'replay.seek_backward': {
    id: 'server.replay.seek_backward',
    defaultMessage: "The replay's book has trades up to {minute}: going back would undo them. Reset the replay to start over.",
  },
  'replay.bot_attached': {
    id: 'server.replay.bot_attached',
    defaultMessage: 'The bot {name} already runs in this replay: reset the replay to run another.',
  },
  'replay.bot_index': {
    id: 'server.replay.bot_index',
    defaultMessage: 'The bot trades {underlying}; this replay is of {index}. Choose a bot of {index}.',
  },
  'replay.moving': {
    id: 'server.replay.moving',
    defaultMessage: "The replay's book is moving to another server: try again in a second.",
  },

  // issue 24, French everywhere: not found, price alerts, push devices, broker accounts and their login, bot rules, Kite's history
  'not_found.thing': {
    id: 'server.not_found.thing',
    defaultMessage:
      '{thing, select, broker_account {Broker account} portfolio {Portfolio} daily_bot {Daily bot} trading_bot {Trading bot} backtest {Backtest} push_device {Push device} price_alert {Price alert} replay {Replay} replay_bot {Replay bot} bot_proposal {Proposal} other {{thing}}} not found',
  },
  'not_found.account': { id: 'server.not_found.account', defaultMessage: 'Broker account {account} not found' },
  'not_found.order': {
    id: 'server.not_found.order',
    defaultMessage: "{book, select, kite {Order {order_id} is not in today's Kite order book} other {Order {order_id} not found in this account's order book}}",
  },
  'not_found.index': { id: 'server.not_found.index', defaultMessage: 'The market has no index {index}' },
  'not_found.underlying': { id: 'server.not_found.underlying', defaultMessage: 'No index or stock with F&O is called {symbol}' },
  'not_found.expiry': { id: 'server.not_found.expiry', defaultMessage: '{index} has no expiry on {expiry}: choose one of its expiries' },
  'price_alert.level_not_positive': { id: 'server.price_alert.level_not_positive', defaultMessage: 'The level must be above 0.' },
  'price_alert.unknown_symbol': {
    id: 'server.price_alert.unknown_symbol',
    defaultMessage: "{symbol} is neither an index ({indices}) nor a listed option's tradingsymbol.",
  },
  'price_alert.expired': { id: 'server.price_alert.expired', defaultMessage: '{symbol} expired on {expiry}. Pick a current expiry.' },
  'price_alert.too_many': {
    id: 'server.price_alert.too_many',
    defaultMessage: 'You have {limit} price alerts, the most one may keep: delete one first.',
  },
  'condition_alert.required': {
    id: 'server.condition_alert.required',
    defaultMessage:
      "This alert needs {field, select, legs {the strategy's legs} expiry {the expiry whose ATM IV to watch} move {the move (percent or points)} other {the level}}.",
  },
  'condition_alert.minute_outside_session': {
    id: 'server.condition_alert.minute_outside_session',
    defaultMessage:
      "{minute} is not a minute of the session: choose one from {first} to {last} IST.",
  },
  'condition_alert.move_too_large': {
    id: 'server.condition_alert.move_too_large',
    defaultMessage:
      "A premium cannot fall 100 % or more: choose a smaller move.",
  },
  'condition_alert.iv_level_too_high': {
    id: 'server.condition_alert.iv_level_too_high',
    defaultMessage:
      "An IV level is at most {limit} %.",
  },
  'condition_alert.expired': {
    id: 'server.condition_alert.expired',
    defaultMessage:
      "The expiry {expiry} is over (its contracts stopped trading at that day's close): choose a current one.",
  },
  'condition_alert.too_many': {
    id: 'server.condition_alert.too_many',
    defaultMessage:
      "You have {limit} premium and IV alerts, the most one may keep: delete one first.",
  },
  'push_device.bad_public_key': {
    id: 'server.push_device.bad_public_key',
    defaultMessage: "keys.p256dh must be the subscription's P-256 public key (65 bytes, base64url).",
  },
  'push_device.bad_auth_secret': {
    id: 'server.push_device.bad_auth_secret',
    defaultMessage: "keys.auth must be the subscription's 16-byte auth secret (base64url).",
  },
  'push_device.label_required': { id: 'server.push_device.label_required', defaultMessage: 'Give the device a name, e.g. "Pixel 8, Chrome".' },
  'push_device.endpoint_refused': {
    id: 'server.push_device.endpoint_refused',
    defaultMessage:
      "{refusal, select, not_https {A push endpoint must be an https URL, as browsers give it in their PushSubscription.} port {A push endpoint must use its push service's usual https port.} host {Notifications go only to the browsers' push services (Google, Mozilla, Apple, Microsoft), and this endpoint is not one of them.} address {This push endpoint leads to a private or local network address, where notifications are never sent.} other {The push service of this endpoint could not be found. Try again in a moment.}}",
  },
  'push_device.too_many': {
    id: 'server.push_device.too_many',
    defaultMessage: 'You already receive notifications on {limit} devices, the most one may: remove one first.',
  },
  'broker_account.linked_meanwhile': {
    id: 'server.broker_account.linked_meanwhile',
    defaultMessage: 'This account number or API key was linked by another request at the same time',
  },
  'broker_account.unknown_broker': { id: 'server.broker_account.unknown_broker', defaultMessage: 'broker: "{broker}" is not a supported broker' },
  'broker_account.number_linked': { id: 'server.broker_account.number_linked', defaultMessage: 'You have already linked account {account} with this broker' },
  'broker_account.api_key_linked': {
    id: 'server.broker_account.api_key_linked',
    defaultMessage: 'You have already linked this API key to another of your accounts: each account needs its own API key',
  },
  'broker_account.capital_below_portfolios': {
    id: 'server.broker_account.capital_below_portfolios',
    defaultMessage:
      "This account's portfolios hold {held, number, ::currency/INR}, more than the new capital of {capital, number, ::currency/INR}. Lower their capital first.",
  },
  'broker_account.portfolios_above_capital': {
    id: 'server.broker_account.portfolios_above_capital',
    defaultMessage: "Portfolios would hold {total, number, ::currency/INR} but the account's capital is {capital, number, ::currency/INR}",
  },
  'broker_account.market_not_paper': {
    id: 'server.broker_account.market_not_paper',
    defaultMessage: "market_account_id: only a paper account takes its prices from another account's feed",
  },
  'broker_account.compliance_not_live': {
    id: 'server.broker_account.compliance_not_live',
    defaultMessage: 'A paper account trades with no broker: it has no compliance state',
  },
  'broker_account.compliance_paper': {
    id: 'server.broker_account.compliance_paper',
    defaultMessage: 'static_ip and algo_id: only a live account is registered at a broker',
  },
  'broker_account.market_not_live': {
    id: 'server.broker_account.market_not_live',
    defaultMessage: 'market_account_id: pick one of your live accounts (Kite, Upstox), or none for the simulated market',
  },
  'broker_account.market_working_orders': {
    id: 'server.broker_account.market_working_orders',
    defaultMessage: "This account has {count} working orders: cancel them before changing its market, or they would fill on the other market's prices.",
  },
  'refusal.paper_feed_logged_out': {
    id: 'server.refusal.paper_feed_logged_out',
    defaultMessage:
      'Paper orders are paused: {feed}, whose prices this account trades on, is logged out. Log in to it again, or switch this account to the simulated market.',
  },
  'refusal.paper_feed_delayed': {
    id: 'server.refusal.paper_feed_delayed',
    defaultMessage: 'Paper orders are paused: prices from {feed} are delayed. They fill again when fresh prices come.',
  },
  'refusal.paper_feed_market_closed': {
    id: 'server.refusal.paper_feed_market_closed',
    defaultMessage: 'Market closed: {feed}, whose prices this account trades on, sends none until the next open ({open_time} IST on {open_day}). Paper orders are taken again then.',
  },
  'refusal.paper_feed_no_tick': {
    id: 'server.refusal.paper_feed_no_tick',
    defaultMessage: 'No live price for {tradingsymbol} from {feed} yet: paper orders fill only on a fresh price. Try again in a moment.',
  },
  'refusal.paper_feed_unstreamed': {
    id: 'server.refusal.paper_feed_unstreamed',
    defaultMessage:
      '{feed} does not stream prices for {tradingsymbol}, so this paper account cannot price or fill it. Choose a contract it streams, or switch this account to the simulated market.',
  },
  'broker_account.wrong_broker': {
    id: 'server.broker_account.wrong_broker',
    defaultMessage: 'broker_name: this account is with the "{broker}" broker, not "{asked}"',
  },
  'broker_account.trading_unavailable': {
    id: 'server.broker_account.trading_unavailable',
    defaultMessage: 'Trading through the "{broker}" broker is not available yet',
  },
  'broker_account.secret_unreadable': {
    id: 'server.broker_account.secret_unreadable',
    defaultMessage:
      "This account's API secret can no longer be read (the server's secret key changed). Edit the account, enter the API secret again, then log in to the broker.",
  },
  'broker_login.link_expired': {
    id: 'server.broker_login.link_expired',
    defaultMessage: "This broker login expired, was already used, or was made with a Client ID that is not this account's number. Log in to the broker again.",
  },
  'broker_login.paper_checksum': {
    id: 'server.broker_login.paper_checksum',
    defaultMessage: "The broker refused the login: the account's API secret is not the one it knows. Check the API secret, then log in to the broker again.",
  },
  'broker_login.kite_checksum': {
    id: 'server.broker_login.kite_checksum',
    defaultMessage: "Kite refused the login: the account's API secret is not the one Kite knows. Check the API secret, then log in to the broker again.",
  },
  'broker_login.kite_link_expired': {
    id: 'server.broker_login.kite_link_expired',
    defaultMessage: 'This Kite login has expired or was already used. Log in to the broker again.',
  },
  'broker_login.kite_refused': { id: 'server.broker_login.kite_refused', defaultMessage: 'Kite refused the login: {kite}' },
  'broker_login.kite_unreachable': {
    id: 'server.broker_login.kite_unreachable',
    defaultMessage: 'Kite could not be reached to finish the login ({detail}). Log in to the broker again in a moment.',
  },
  'broker_login.client_id_mismatch': {
    id: 'server.broker_login.client_id_mismatch',
    defaultMessage: '{broker} logged in client ID {client_id}, but this account is {account}. Log in to {broker} with {account}, or link {client_id} as its own account.',
  },
  'broker_login.state_invalid': {
    id: 'server.broker_login.state_invalid',
    defaultMessage: 'This broker login was not started for this account from StrikeDesk, or it expired or was already used. Log in to the broker again.',
  },
  'broker_login.upstox_refused': {
    id: 'server.broker_login.upstox_refused',
    defaultMessage:
      "Upstox refused the login: {upstox} The code may have been used or expired, or the account's API secret or redirect URL is not the one Upstox knows. Log in to the broker again.",
  },
  'broker_login.upstox_unreachable': {
    id: 'server.broker_login.upstox_unreachable',
    defaultMessage: 'Upstox could not be reached to finish the login ({detail}). Log in to the broker again in a moment.',
  },
  'bot.unknown_base_strategy': { id: 'server.bot.unknown_base_strategy', defaultMessage: 'base_strategy: there is no base strategy {strategy, number, ::group-off}' },
  'bot.invalid_params': { id: 'server.bot.invalid_params', defaultMessage: '{reason} ({strategy})' },
  'bot.lots_above_freeze': {
    id: 'server.bot.lots_above_freeze',
    defaultMessage: 'lots: {underlying} allows at most {limit, number} lots per order (freeze quantity {freeze, number} units, lot size {lot_size, number}); got {lots, number}',
  },
  'bot.outside_market_hours': {
    id: 'server.bot.outside_market_hours',
    defaultMessage: '{field}: {time} is outside market hours ({open}–{close} IST) and inside no special session of the exchange calendar',
  },
  'bot.outside_special_session': {
    id: 'server.bot.outside_special_session',
    defaultMessage: "{field}: {time} is outside the special session of {day} ({open}–{close} IST) that {first} falls in; a bot's times lie in one session",
  },
  'bot.entry_window_backwards': {
    id: 'server.bot.entry_window_backwards',
    defaultMessage: 'entry_until: must be after the start of the entry window ({entry_from})',
  },
  'bot.exit_inside_entry_window': {
    id: 'server.bot.exit_inside_entry_window',
    defaultMessage: 'exit_time: must not be before the end of the entry window ({entry_until})',
  },
  'bot.exit_before_entry': { id: 'server.bot.exit_before_entry', defaultMessage: 'exit_time: must be after the entry time ({entry_time})' },
  'bot.portfolio_of_path': {
    id: 'server.bot.portfolio_of_path',
    defaultMessage: 'portfolio_id: must be the portfolio of the path ({path, number, ::group-off}), got {got, number, ::group-off}',
  },
  'bot.stays_in_portfolio': {
    id: 'server.bot.stays_in_portfolio',
    defaultMessage:
      'portfolio_id: a bot stays in its portfolio ({current, number, ::group-off}); create a new bot in portfolio {asked, number, ::group-off} instead',
  },
  'bot.other_bot': {
    id: 'server.bot.other_bot',
    defaultMessage: 'id: this is {kind, select, daily_bot {daily bot} other {trading bot}} {id, number, ::group-off}, got {got, number, ::group-off}',
  },
  'bot.pause_choice_required': {
    id: 'server.bot.pause_choice_required',
    defaultMessage:
      'pause_action: this bot holds a position. Choose keep_managing (it still exits by its stop-loss, target and exit time) or exit_now (closed on the next tick).',
  },
  'bot.no_index_level': {
    id: 'server.bot.no_index_level',
    defaultMessage: "The broker's level of {underlying} could not be read: the entry was not placed.",
  },
  'bot.no_legs_around': { id: 'server.bot.no_legs_around', defaultMessage: 'The strategy {strategy} has no legs around the money to enter' },
  'bot.stock_from_alert_index': { id: 'server.bot.stock_from_alert_index', defaultMessage: 'underlying: a bot trading the stock named in the alert keeps an index\'s session; {underlying} is a stock (a bot trading it by its own rules leaves "stock from the alert" off)' },
  'bot.stock_from_alert_exchange': { id: 'server.bot.stock_from_alert_exchange', defaultMessage: "underlying: a bot trading the stock named in the alert keeps an NSE index's session (stocks trade on NFO); {underlying} trades on {exchange}" },
  'bot.live_on_paper': {
    id: 'server.bot.live_on_paper',
    defaultMessage: "mode: account {account} trades on paper; a bot runs live only on a live broker's account",
  },
  'bot.live_required': {
    id: 'server.bot.live_required',
    defaultMessage: 'mode: account {account} trades real money; a bot on it must be set to live, with the account number typed to confirm',
  },
  'bot.live_login_first': { id: 'server.bot.live_login_first', defaultMessage: 'Log in to the broker for account {account} before a bot trades on it live.' },
  'bot.live_max_loss_required': {
    id: 'server.bot.live_max_loss_required',
    defaultMessage: "A bot trades account {account} live only under a maximum loss for the day: set it in the account's risk limits first.",
  },
  'bot.live_confirmation': {
    id: 'server.bot.live_confirmation',
    defaultMessage: 'live_confirmation: type the account number {account} to let this bot trade real money',
  },
  'kite.historical_not_enabled': {
    id: 'server.kite.historical_not_enabled',
    defaultMessage:
      "Kite refused historical candles ({kite}): this account's Kite Connect app has no historical-data add-on. Subscribe to it on developers.kite.trade, or import minute candles from CSV instead.",
  },
  'kite.no_minute_candles': {
    id: 'server.kite.no_minute_candles',
    defaultMessage: 'Kite has no minute candles of {index} from {from} to {to} (weekends and holidays have none).',
  },
  'history.from_after_to': { id: 'server.history.from_after_to', defaultMessage: 'from: must not be after to' },
  'kite.history_to_future': { id: 'server.kite.history_to_future', defaultMessage: 'to: must not be after today: Kite has no candles of days to come' },
  'kite.history_range_too_long': {
    id: 'server.kite.history_range_too_long',
    defaultMessage: 'to: at most {limit} days a request (asked {days}): fetch a longer history a year at a time',
  },
  'kite.history_not_kite_account': {
    id: 'server.kite.history_not_kite_account',
    defaultMessage: 'broker_account_id: {name} is a {broker} account: only a Kite account with historical data can fetch candles',
  },
  'broker_history.no_candles_from_broker': {
    id: 'server.broker_history.no_candles_from_broker',
    defaultMessage: 'broker_account_id: {name} is a {broker} account: candles are fetched here from a Dhan, Shoonya or Flattrade account (Kite and Upstox have their own fetch)',
  },
  'broker_history.index_not_served': {
    id: 'server.broker_history.index_not_served',
    defaultMessage: "index: {broker}'s candles of {index} are not known here (only {served})",
  },
  'broker_history.to_future': { id: 'server.broker_history.to_future', defaultMessage: 'to: must not be after today: the broker has no candles of days to come' },
  'broker_history.no_candles': {
    id: 'server.broker_history.no_candles',
    defaultMessage: '{broker} has no candles of {index} from {from} to {to} (weekends and holidays have none).',
  },
  'broker_history.options_need_minutes': {
    id: 'server.broker_history.options_need_minutes',
    defaultMessage: 'options: option candles are fetched as one-minute candles only (interval: minute)',
  },
  'broker_history.expiry_before_from': {
    id: 'server.broker_history.expiry_before_from',
    defaultMessage: 'options.expiries: {expiry} is before the first day: its contracts had expired',
  },
  'broker_history.expiry_not_listed': {
    id: 'server.broker_history.expiry_not_listed',
    defaultMessage: "options.expiries: {broker}'s scrip master today lists no {index} option of the chosen strikes expiring {expiry} (its candles are asked by the contract's id, which only a listed contract has)",
  },
  'broker_history.dhan_data_plan': {
    id: 'server.broker_history.dhan_data_plan',
    defaultMessage: 'Dhan refused historical candles ({dhan}): this account has no Data API plan. Subscribe to it on web.dhan.co, or import minute candles from CSV instead.',
  },
  'depth.not_offered': {
    id: 'server.depth.not_offered',
    defaultMessage: "account_number: {account}'s broker streams no depth beyond the best bid and ask (market depth comes from a Dhan, Shoonya or Flattrade account)",
  },
  'upstox.history_not_upstox_account': {
    id: 'server.upstox.history_not_upstox_account',
    defaultMessage: 'broker_account_id: {name} is a {broker} account: only a logged-in Upstox account fetches these candles',
  },
  'upstox.history_plus_required': {
    id: 'server.upstox.history_plus_required',
    defaultMessage: "Upstox refused expired contracts' candles ({upstox}): they come with an Upstox Plus plan. Subscribe to it, or import minute candles from CSV instead.",
  },
  'upstox.history_refused': { id: 'server.upstox.history_refused', defaultMessage: 'Upstox refused the candles: {upstox}' },
  'upstox.history_to_not_past': { id: 'server.upstox.history_to_not_past', defaultMessage: 'to: must be before today: Upstox gives the candles of finished days only' },
  'upstox.history_range_too_long': {
    id: 'server.upstox.history_range_too_long',
    defaultMessage: 'to: at most {limit} days a fetch (asked {days}): fetch a longer history a month at a time',
  },
  'upstox.history_no_index_minutes': {
    id: 'server.upstox.history_no_index_minutes',
    defaultMessage: 'Upstox has no minute candles of {index} from {from} to {to}, so no strike is known to be around the money (weekends and holidays have none).',
  },
  'upstox.history_expiry_not_listed': {
    id: 'server.upstox.history_expiry_not_listed',
    defaultMessage: 'expiries: Upstox lists no expired contracts on {expiry} (it keeps about six months of expiries)',
  },
  'push.test_title': { id: 'server.push.test_title', defaultMessage: 'StrikeDesk test notification' },
  'push.test_body': { id: 'server.push.test_body', defaultMessage: 'Notifications reach this device.' },
  'push.test_sent': { id: 'server.push.test_sent', defaultMessage: 'Test notification sent.' },
  'push.test_gone': {
    id: 'server.push.test_gone',
    defaultMessage: 'The push service says this subscription has ended, so the device was removed: turn notifications on again.',
  },
  'push.test_not_delivered': { id: 'server.push.test_not_delivered', defaultMessage: 'The test notification was not delivered: {reason}' },
  'refusal.too_many_attempts': {
    id: 'server.refusal.too_many_attempts',
    defaultMessage:
      'Too many attempts. Try again in {unit, select, seconds {{seconds, plural, one {# second} other {# seconds}}} other {{minutes, plural, one {# minute} other {# minutes}}}}.',
  },
  'account.weak_password': { id: 'server.account.weak_password', defaultMessage: 'This password is too common: choose one that is harder to guess.' },
  'account.invalid_credentials': { id: 'server.account.invalid_credentials', defaultMessage: 'Invalid email or password' },
  'account.email_taken': { id: 'server.account.email_taken', defaultMessage: 'An account with this email already exists' },
  'account.invalid_current_password': { id: 'server.account.invalid_current_password', defaultMessage: 'The current password is not correct' },
  'broker_account.portfolio_not_of_account': {
    id: 'server.broker_account.portfolio_not_of_account',
    defaultMessage: "portfolio_id: this portfolio is not one of this broker account's portfolios",
  },
  'refusal.server_busy': { id: 'server.refusal.server_busy', defaultMessage: 'The server is busy checking other passwords. Try again in a second.' },
  'refusal.too_many_streams': {
    id: 'server.refusal.too_many_streams',
    defaultMessage: 'At most {limit} live price streams may be open at once: close another tab or screen first.',
  },
  'request.invalid_json': { id: 'server.request.invalid_json', defaultMessage: 'The request body is not valid JSON' },
  'request.invalid_utf8': { id: 'server.request.invalid_utf8', defaultMessage: 'The request body is not valid UTF-8' },
  'request.too_deep': { id: 'server.request.too_deep', defaultMessage: 'The request body nests objects and lists more than {limit} levels deep' },
  'request.forbidden_key': { id: 'server.request.forbidden_key', defaultMessage: '{field}: keys named __proto__, or prototype inside constructor, are not allowed' },
  'request.unsupported_charset': { id: 'server.request.unsupported_charset', defaultMessage: 'Send JSON in UTF-8: charset "{charset}" is not supported' },
  'request.unsupported_media_type': { id: 'server.request.unsupported_media_type', defaultMessage: '{accepted, select, files {Send the files as multipart/form-data, or one file as application/octet-stream} other {Send the request body as application/json}}' },
  'request.too_large': { id: 'server.request.too_large', defaultMessage: 'Request body is too large' },
  'request.invalid_multipart': { id: 'server.request.invalid_multipart', defaultMessage: '{fault, select, no_boundary {The multipart/form-data body has no boundary in its Content-Type} boundary_missing {The multipart/form-data body does not contain its boundary} after_boundary {The multipart/form-data body is malformed after a boundary} part_headers {A part of the multipart/form-data body has no end to its headers} unclosed {The multipart/form-data body ends before its closing boundary} other {A part of the multipart/form-data body has no name}}' },
  'request.empty_file': { id: 'server.request.empty_file', defaultMessage: 'The request body is empty: send the file' },
  'request.files_required': { id: 'server.request.files_required', defaultMessage: 'files: attach at least one file' },
  'request.too_many_files': { id: 'server.request.too_many_files', defaultMessage: 'files: at most {limit} files a request' },
  'request.bad_url': { id: 'server.request.bad_url', defaultMessage: 'A part of the address is not valid.' },
  'request.not_found': { id: 'server.request.not_found', defaultMessage: 'Not Found' },
  'request.unauthenticated': { id: 'server.request.unauthenticated', defaultMessage: 'Authentication required' },
  'request.stored_value': { id: 'server.request.stored_value', defaultMessage: '{fault, select, too_long {A text in the request is too long to be stored} out_of_range {A number in the request is out of range} bad_character {A text in the request contains a character that cannot be stored (such as NUL)} bad_form {A value in the request is not in the form expected} bad_date {A date or time in the request is not valid} date_out_of_range {A date or time in the request is out of range} missing {A value the request needs is missing} reference {The request refers to something that does not exist, or that something else still uses} outside {A value in the request is outside what can be stored} rule {The request breaks a rule of the stored data} conflict {The request conflicts with something already stored} other {A value in the request cannot be stored}}' },
  'request.refused': { id: 'server.request.refused', defaultMessage: 'The server refused the request (HTTP {status}).' },
  'request.internal_error': { id: 'server.request.internal_error', defaultMessage: 'Internal Server Error' },
  'request.failed': { id: 'server.request.failed', defaultMessage: 'The server could not answer (HTTP {status}).' },
  'request.timed_out': { id: 'server.request.timed_out', defaultMessage: 'The request took too long to arrive. Send it again.' },
  'request.headers_too_large': { id: 'server.request.headers_too_large', defaultMessage: 'The request headers are too large.' },
  'request.not_http': { id: 'server.request.not_http', defaultMessage: 'The request is not valid HTTP.' },
  'validation.request_part': { id: 'server.validation.request_part', defaultMessage: 'The request {part, select, body {body} params {path} querystring {query} other {headers}}' },
  'validation.unstorable_text': { id: 'server.validation.unstorable_text', defaultMessage: '{field}: {in, select, name {field names } other {}}{fault, select, nul {must not contain the NUL character (U+0000)} other {must be valid Unicode text (it contains a lone surrogate such as \\ud800)}}' },
  'validation.part_no_form': { id: 'server.validation.part_no_form', defaultMessage: 'The request {part, select, body {body} params {path} querystring {query} other {headers}} does not match any of the allowed forms' },
  'validation.invalid': { id: 'server.validation.invalid', defaultMessage: '{field}: is not valid' },
  'validation.max_fields': { id: 'server.validation.max_fields', defaultMessage: '{field}: must have at most {limit, plural, one {# field} other {# fields}}' },
  'push.failure': { id: 'server.push.failure', defaultMessage: '{reason, select, unreachable {Push service unreachable.} unusable_keys {The subscription\'s keys are unusable.} not_push_service {The endpoint is not on one of the browsers\' push services.} other {The push service\'s address is private or local.}}' },
  'push.answered': { id: 'server.push.answered', defaultMessage: 'Push service answered {status}{redirect, select, yes {, a redirect: not followed} other {}}.' },
  'done.signed_out': { id: 'server.done.signed_out', defaultMessage: 'Signed out' },
  'done.signed_in': { id: 'server.done.signed_in', defaultMessage: 'Signed in' },
  'done.account_created': { id: 'server.done.account_created', defaultMessage: 'Account created. Sign in to continue.' },
  'done.password_changed': { id: 'server.done.password_changed', defaultMessage: 'Password changed. Your other devices have been signed out.' },
  'done.trade_defaults_saved': { id: 'server.done.trade_defaults_saved', defaultMessage: 'Trade defaults saved' },
  'done.broker_account_deleted': { id: 'server.done.broker_account_deleted', defaultMessage: 'Broker account deleted with its portfolios and bots' },
  'done.broker_logged_in': { id: 'server.done.broker_logged_in', defaultMessage: 'Logged in to the broker until 06:00 IST' },
  'done.broker_logged_out': { id: 'server.done.broker_logged_out', defaultMessage: 'Logged out of the broker' },
  'done.portfolio_deleted': { id: 'server.done.portfolio_deleted', defaultMessage: 'Portfolio deleted with its bots' },
  'done.trading_bot_deleted': { id: 'server.done.trading_bot_deleted', defaultMessage: 'Trading bot deleted' },
  'done.daily_bot_deleted': { id: 'server.done.daily_bot_deleted', defaultMessage: 'Daily bot deleted' },
  'done.price_alert_deleted': { id: 'server.done.price_alert_deleted', defaultMessage: 'Price alert deleted' },
  'done.push_device_removed': { id: 'server.done.push_device_removed', defaultMessage: '{removed, select, yes {This device will no longer receive notifications.} other {This device was not receiving notifications.}}' },
  'done.kill_switch_already_off': { id: 'server.done.kill_switch_already_off', defaultMessage: 'The kill switch of {account} is already off.' },
  'done.webhook_not_read': { id: 'server.done.webhook_not_read', defaultMessage: 'Not an order update ({update_type}): not read' },
  'done.postback_read': { id: 'server.done.postback_read', defaultMessage: '{changed, select, yes {Order {order_id} of {account}: {status}} other {Order {order_id}: nothing new}}' },
  'webhook.signature_required': { id: 'server.webhook.signature_required', defaultMessage: "This bot signs its alerts: send X-StrikeDesk-Timestamp and X-StrikeDesk-Signature (sha256=HMAC of \"timestamp.body\")." },
  'webhook.signature_invalid': { id: 'server.webhook.signature_invalid', defaultMessage: "The signature does not match this body and timestamp: nothing placed." },
  'webhook.stale': { id: 'server.webhook.stale', defaultMessage: "The alert is dated {seconds} s away from now; alerts more than 60 s old (or ahead) are refused." },
  'webhook.duplicate_id': { id: 'server.webhook.duplicate_id', defaultMessage: "Alert {alert_id} was received before and placed once: nothing placed again." },
  'webhook.duplicate_today': { id: 'server.webhook.duplicate_today', defaultMessage: "Alert {alert_id} was placed once today: nothing placed again. The same id places again on the next day (IST)." },
  'webhook.duplicate_within': { id: 'server.webhook.duplicate_within', defaultMessage: "Alert {alert_id} was placed less than {minutes} min ago (this bot's window for a repeated alert id): nothing placed again." },
  'webhook.duplicate_body': { id: 'server.webhook.duplicate_body', defaultMessage: "The same alert arrived {seconds} s ago and was placed once: nothing placed again." },
  'webhook.not_active': { id: 'server.webhook.not_active', defaultMessage: "The bot is {status, select, paused {paused} stopped {stopped} other {{status}}}: alerts are refused until it is resumed." },
  'webhook.outside_hours': { id: 'server.webhook.outside_hours', defaultMessage: "Outside the bot's hours for this action ({from}–{until} IST on a trading day)." },
  'webhook.over_lots': { id: 'server.webhook.over_lots', defaultMessage: "{lots, plural, one {# lot} other {# lots}} asked; this bot takes at most {max, plural, one {# lot} other {# lots}} a leg." },
  'webhook.too_many_legs': { id: 'server.webhook.too_many_legs', defaultMessage: "{legs} legs asked; an alert may name at most {max}." },
  'webhook.too_many_entries': { id: 'server.webhook.too_many_entries', defaultMessage: "The bot already made its {max, plural, one {# entry} other {# entries}} from alerts today." },
  'webhook.in_position': { id: 'server.webhook.in_position', defaultMessage: "The bot already holds a position: send an exit first." },
  'webhook.nothing_to_exit': { id: 'server.webhook.nothing_to_exit', defaultMessage: "The bot holds nothing to exit." },
  'webhook.in_progress': { id: 'server.webhook.in_progress', defaultMessage: "Another action of this bot is on its way: nothing placed." },
  'webhook.exit_under_way': { id: 'server.webhook.exit_under_way', defaultMessage: "The bot's exit is already on its way: this alert joins it, nothing placed twice." },
  'webhook.interrupted': { id: 'server.webhook.interrupted', defaultMessage: "The server stopped before this alert was carried out: nothing was placed. The same alert sent again is taken." },
  'webhook.legs_required': { id: 'server.webhook.legs_required', defaultMessage: "Name the legs to trade: this bot has no strategy of its own to place." },
  'webhook.payload_invalid': { id: 'server.webhook.payload_invalid', defaultMessage: "{field}: expected {expected}." },
  'webhook.placed': { id: 'server.webhook.placed', defaultMessage: "Placed: {orders, plural, one {# order} other {# orders}}." },
  'webhook.proposed': { id: 'server.webhook.proposed', defaultMessage: "Proposed for approval (approve-first bot): the trader decides within {seconds} s; nothing placed until then." },
  'webhook.proposal_pending': { id: 'server.webhook.proposal_pending', defaultMessage: "The bot's last entry awaits the trader's approval: nothing proposed again." },
  'webhook.working': { id: 'server.webhook.working', defaultMessage: "Placed: {orders, plural, one {# order} other {# orders}} working at the limit price." },
  'webhook.stocks_required': { id: 'server.webhook.stocks_required', defaultMessage: "Name the stocks to trade (ChartInk sends them in \"stocks\"): this bot trades the stock named in the alert." },
  'webhook.too_many_stocks': { id: 'server.webhook.too_many_stocks', defaultMessage: "{stocks} stocks named; an alert may name at most {max}: nothing placed." },
  'webhook.stock_not_fo': { id: 'server.webhook.stock_not_fo', defaultMessage: "{stock} is not an F&O stock on {day}: it has no options or futures to trade." },
  'webhook.stock_in_ban': { id: 'server.webhook.stock_in_ban', defaultMessage: "{stock} is in the F&O ban on {trade_date} (over its market-wide position limit): the bot takes no new entry in it." },
  'webhook.stock_not_priced': { id: 'server.webhook.stock_not_priced', defaultMessage: "{stock} has no option chain here (the simulated market prices some stocks only): nothing placed for it." },
  'webhook.stock_held': { id: 'server.webhook.stock_held', defaultMessage: "The bot already holds a position in {stock}: send an exit naming it first. Nothing placed for it." },
  'webhook.stock_cap': { id: 'server.webhook.stock_cap', defaultMessage: "The bot holds positions in {cap} stocks, its limit: nothing placed for {stock}." },
  'webhook.stocks_not_held': { id: 'server.webhook.stocks_not_held', defaultMessage: "The bot holds no position in {stocks}: nothing to exit." },
  'webhook.placed_stocks': { id: 'server.webhook.placed_stocks', defaultMessage: "Placed: {orders, plural, one {# order} other {# orders}} on {stocks}." },
  'webhook.placed_stocks_some_refused': { id: 'server.webhook.placed_stocks_some_refused', defaultMessage: "Placed: {orders, plural, one {# order} other {# orders}} on {stocks}. Not placed: {refused}{more, plural, =0 {} one { (and # more stock not placed)} other { (and # more stocks not placed)}}" },
  'approval.proposal_title': { id: 'server.approval.proposal_title', defaultMessage: "{bot} wants to enter: approve?" },
  'approval.proposal_body': { id: 'server.approval.proposal_body', defaultMessage: "{legs, plural, one {# leg} other {# legs}} on {underlying}, margin {margin, number, ::currency/INR}, max loss {unlimited, select, yes {unlimited} other {{max_loss, number, ::currency/INR}}}. Decide within {seconds} s." },
  'approval.awaiting': { id: 'server.approval.awaiting', defaultMessage: "Entry proposed: waiting for your approval in Approvals ({seconds} s to decide)." },
  'approval.expired': { id: 'server.approval.expired', defaultMessage: "Not approved within {seconds} s: entry skipped." },
  'approval.rejected': { id: 'server.approval.rejected', defaultMessage: "Rejected from {device}: entry skipped." },
  'approval.price_moved': { id: 'server.approval.price_moved', defaultMessage: "{tradingsymbol} moved from {from, number, ::currency/INR} to {to, number, ::currency/INR}, beyond the {tolerance} % tolerance: entry skipped." },
  'approval.no_price': { id: 'server.approval.no_price', defaultMessage: "No price of {tradingsymbol} now: entry skipped." },
  'approval.decided': { id: 'server.approval.decided', defaultMessage: "This proposal is {status, select, approved {approved} rejected {rejected} expired {expired} refused {refused} other {decided}} already: nothing placed." },
  'approval.bot_not_active': { id: 'server.approval.bot_not_active', defaultMessage: "The bot is no longer active or its position changed: entry skipped." },
  'approval.approved': { id: 'server.approval.approved', defaultMessage: "Approved from {device}." },
  'approval.proposal_leg': {
    id: 'server.approval.proposal_leg',
    defaultMessage: "{side, select, BUY {Buy} other {Sell}} {quantity} {tradingsymbol} at {price, number, ::currency/INR}{more, select, none {} other {, {more}}}",
  },
  'approval.proposal_legs_body': {
    id: 'server.approval.proposal_legs_body',
    defaultMessage:
      "{legs}. Margin {margin_known, select, yes {{margin, number, ::currency/INR}} other {not known}}, max loss {loss, select, unlimited {unlimited} unknown {not known} other {{max_loss, number, ::currency/INR}}}. Decide within {seconds} s.",
  },
  'approval.device': {
    id: 'server.approval.device',
    defaultMessage: "{browser, select, unknown {a browser} other {{browser}}}{system, select, none {} other { on {system}}}{session, select, none {} other { (session {session})}}",
  },
  'push.approve': { id: 'server.push.approve', defaultMessage: "Approve" },
  'push.reject': { id: 'server.push.reject', defaultMessage: "Reject" },
  'done.webhook_off': { id: 'server.done.webhook_off', defaultMessage: "Webhook turned off: its address no longer works" },
  'kite.postback_refused': {
    id: 'server.kite.postback_refused',
    defaultMessage:
      '{reason, select, not_object {A postback is a JSON object} fields {A postback carries order_id, order_timestamp and checksum} checksum {The postback checksum matches no linked Kite account} other {The postback is not a Kite order}}',
  },
});
