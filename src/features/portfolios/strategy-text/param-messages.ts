import { defineMessages } from 'react-intl';

/** Parameter titles, by the parameter's key: a key means the same thing in every strategy. */
export const paramTitles = defineMessages({
  expiry: { id: 'portfolios.param.expiry.title', defaultMessage: 'Expiry' },
  strike_offset: { id: 'portfolios.param.strike_offset.title', defaultMessage: 'Strike offset (steps)' },
  call_distance: { id: 'portfolios.param.call_distance.title', defaultMessage: 'Call distance (steps)' },
  put_distance: { id: 'portfolios.param.put_distance.title', defaultMessage: 'Put distance (steps)' },
  spread_width: { id: 'portfolios.param.spread_width.title', defaultMessage: 'Spread width (steps)' },
  wing_width: { id: 'portfolios.param.wing_width.title', defaultMessage: 'Wing width (steps)' },
  leg_stop_loss_pct: { id: 'portfolios.param.leg_stop_loss_pct.title', defaultMessage: 'Stop-loss per leg (%)' },
  move_sl_to_cost: { id: 'portfolios.param.move_sl_to_cost.title', defaultMessage: 'Move stop-loss to cost' },
  re_entry: { id: 'portfolios.param.re_entry.title', defaultMessage: 'Re-entry after a stop-loss' },
  max_re_entries: { id: 'portfolios.param.max_re_entries.title', defaultMessage: 'Re-entries per day' },
  trailing_sl: { id: 'portfolios.param.trailing_sl.title', defaultMessage: 'Trailing stop-loss' },
  trail_trigger_pct: { id: 'portfolios.param.trail_trigger_pct.title', defaultMessage: 'Trail from profit (%)' },
  trail_step_pct: { id: 'portfolios.param.trail_step_pct.title', defaultMessage: 'Trail step (%)' },
  indicator: { id: 'portfolios.param.indicator.title', defaultMessage: 'Trend indicator' },
  timeframe_minutes: { id: 'portfolios.param.timeframe_minutes.title', defaultMessage: 'Candle timeframe (minutes)' },
  supertrend_period: { id: 'portfolios.param.supertrend_period.title', defaultMessage: 'Supertrend period' },
  supertrend_multiplier: { id: 'portfolios.param.supertrend_multiplier.title', defaultMessage: 'Supertrend multiplier' },
  fast_ema: { id: 'portfolios.param.fast_ema.title', defaultMessage: 'Fast EMA' },
  slow_ema: { id: 'portfolios.param.slow_ema.title', defaultMessage: 'Slow EMA' },
  max_trades_per_day: { id: 'portfolios.param.max_trades_per_day.title', defaultMessage: 'Trades per day' },
  exit_on_reverse_signal: { id: 'portfolios.param.exit_on_reverse_signal.title', defaultMessage: 'Exit on the opposite signal' },
  product: { id: 'portfolios.param.product.title', defaultMessage: 'Product' },
  risk_unit: { id: 'portfolios.param.risk_unit.title', defaultMessage: 'Stop-loss and target in' },
  stop_loss_points: { id: 'portfolios.param.stop_loss_points.title', defaultMessage: 'Stop-loss (points)' },
  target_points: { id: 'portfolios.param.target_points.title', defaultMessage: 'Target (points)' },
  entry_condition: { id: 'portfolios.param.entry_condition.title', defaultMessage: 'Enter when' },
  exit_condition: { id: 'portfolios.param.exit_condition.title', defaultMessage: 'Exit when' },
  condition_strikes_at: { id: 'portfolios.param.condition_strikes_at.title', defaultMessage: 'Straddle fixed at (IST)' },
  premium_move: { id: 'portfolios.param.premium_move.title', defaultMessage: 'Premium move' },
  premium_move_unit: { id: 'portfolios.param.premium_move_unit.title', defaultMessage: 'Move in' },
  iv_level: { id: 'portfolios.param.iv_level.title', defaultMessage: 'IV level (%)' },
  future_month: { id: 'portfolios.param.future_month.title', defaultMessage: 'Future month' },
});

/** Parameter descriptions, by key; an enum's description names its options as the form shows them. */
export const paramHints = defineMessages({
  expiry: {
    id: 'portfolios.param.expiry.hint',
    defaultMessage:
      'Current weekly: the nearest expiry. Next weekly: the one after it. Monthly: the month’s last expiry. An index without weekly contracts trades its monthly one.',
  },
  strike_offset: {
    id: 'portfolios.param.strike_offset.hint',
    defaultMessage: 'Strikes away from at-the-money, in strike steps: positive above the spot, negative below. 0 is at the money.',
  },
  call_distance: {
    id: 'portfolios.param.call_distance.hint',
    defaultMessage: 'How far out of the money the sold call is, in strike steps from at-the-money.',
  },
  put_distance: {
    id: 'portfolios.param.put_distance.hint',
    defaultMessage: 'How far out of the money the sold put is, in strike steps from at-the-money.',
  },
  spread_width: {
    id: 'portfolios.param.spread_width.hint',
    defaultMessage: 'Distance from the bought option to the sold one, in strike steps.',
  },
  wing_width: {
    id: 'portfolios.param.wing_width.hint',
    defaultMessage: 'Distance from each sold strike to its bought hedge, in strike steps.',
  },
  leg_stop_loss_pct: {
    id: 'portfolios.param.leg_stop_loss_pct.hint',
    defaultMessage:
      'Buy back a sold leg, with its side’s hedge, when its premium rises this much above the entry price; the other legs stay. 0 leaves only the bot’s overall stop-loss.',
  },
  move_sl_to_cost: {
    id: 'portfolios.param.move_sl_to_cost.hint',
    defaultMessage: 'When one leg hits its stop-loss, move the other leg’s stop-loss to its entry price.',
  },
  re_entry: {
    id: 'portfolios.param.re_entry.hint',
    defaultMessage:
      'Stay out: no new entry. Same strike: sell the same strike again once its premium is back to the entry price. New at-the-money strike: enter again at the new at-the-money strike.',
  },
  max_re_entries: {
    id: 'portfolios.param.max_re_entries.hint',
    defaultMessage: 'How many times a day the bot may enter again after a stop-loss.',
  },
  trailing_sl: {
    id: 'portfolios.param.trailing_sl.hint',
    defaultMessage: 'Lock in profit: once the profit reaches the trigger, the stop-loss follows it up.',
  },
  trail_trigger_pct: {
    id: 'portfolios.param.trail_trigger_pct.hint',
    defaultMessage: 'Start trailing once the profit reaches this percentage of the premium at risk.',
  },
  trail_step_pct: {
    id: 'portfolios.param.trail_step_pct.hint',
    defaultMessage: 'Each time the profit grows by this percentage, the stop-loss moves up by the same amount.',
  },
  indicator: {
    id: 'portfolios.param.indicator.hint',
    defaultMessage: 'Supertrend: follow the Supertrend flip. EMA crossover: follow the fast EMA crossing the slow one.',
  },
  timeframe_minutes: { id: 'portfolios.param.timeframe_minutes.hint', defaultMessage: 'The candles the indicator is computed on.' },
  supertrend_period: { id: 'portfolios.param.supertrend_period.hint', defaultMessage: 'Candles in the Supertrend ATR.' },
  supertrend_multiplier: {
    id: 'portfolios.param.supertrend_multiplier.hint',
    defaultMessage: 'ATR multiple of the Supertrend bands.',
  },
  fast_ema: { id: 'portfolios.param.fast_ema.hint', defaultMessage: 'Candles in the fast average.' },
  slow_ema: { id: 'portfolios.param.slow_ema.hint', defaultMessage: 'Candles in the slow average.' },
  max_trades_per_day: { id: 'portfolios.param.max_trades_per_day.hint', defaultMessage: 'The most entries in one day.' },
  exit_on_reverse_signal: {
    id: 'portfolios.param.exit_on_reverse_signal.hint',
    defaultMessage: 'Close the position as soon as the trend turns the other way.',
  },
  product: {
    id: 'portfolios.param.product.hint',
    defaultMessage: 'What the bot’s orders go out as. Either way the bot closes its position at its exit time, the same day: it holds nothing overnight. Full margin (NRML): the broker never squares it off for you. Intraday (MIS): lower margin, and the bot is flat a minute before the broker’s MIS cut-off of the day if that comes first (the cut-off is on the Market facts screen).',
  },
  risk_unit: {
    id: 'portfolios.param.risk_unit.hint',
    defaultMessage: 'Percent: the bot’s Stop-loss (%) and Target (%). Points: the two fields below, in points of the combined premium.',
  },
  stop_loss_points: {
    id: 'portfolios.param.stop_loss_points.hint',
    defaultMessage: 'Exit when the combined premium has moved this many points against the position (per unit, as the chain quotes it).',
  },
  target_points: {
    id: 'portfolios.param.target_points.hint',
    defaultMessage: 'Exit when the combined premium has moved this many points in the position’s favour.',
  },
  entry_condition: {
    id: 'portfolios.param.entry_condition.hint',
    defaultMessage: 'At the entry time, or on the first completed minute from the entry time on that the condition is met (once a day).',
  },
  exit_condition: {
    id: 'portfolios.param.exit_condition.hint',
    defaultMessage: 'Besides the exit time, stop-loss and target: exit the whole position on the completed minute the condition is met.',
  },
  condition_strikes_at: {
    id: 'portfolios.param.condition_strikes_at.hint',
    defaultMessage: 'The straddle the premium conditions watch: the at-the-money strike at this minute; its premium then is what a fall or rise is measured from.',
  },
  premium_move: {
    id: 'portfolios.param.premium_move.hint',
    defaultMessage: 'How far the straddle’s premium must fall or rise from its value at the fixing minute.',
  },
  premium_move_unit: { id: 'portfolios.param.premium_move_unit.hint', defaultMessage: 'Percent of the premium at the fixing minute, or points.' },
  iv_level: {
    id: 'portfolios.param.iv_level.hint',
    defaultMessage: 'The at-the-money implied volatility of the bot’s expiry, in percent, that the IV conditions compare with.',
  },
  future_month: {
    id: 'portfolios.param.future_month.hint',
    defaultMessage: 'Near month: the future of the nearest month. Next month: the one after it.',
  },
});

/** Descriptions one strategy words its own way, by "slug.key". */
export const strategyParamHints = defineMessages({
  'protective_put.put_distance': {
    id: 'portfolios.param.protective_put.put_distance.hint',
    defaultMessage: 'How far out of the money the bought put is, in strike steps from at-the-money.',
  },
  'bull_call_spread.strike_offset': {
    id: 'portfolios.param.bull_call_spread.strike_offset.hint',
    defaultMessage: 'Strike of the bought call, in strike steps from at-the-money: positive above the spot, negative below.',
  },
  'bear_put_spread.strike_offset': {
    id: 'portfolios.param.bear_put_spread.strike_offset.hint',
    defaultMessage: 'Strike of the bought put, in strike steps from at-the-money: positive above the spot, negative below.',
  },
  'trend_option_buyer.strike_offset': {
    id: 'portfolios.param.trend_option_buyer.strike_offset.hint',
    defaultMessage:
      'Strike of the bought option, in strike steps from at-the-money: positive is out of the money, negative in the money.',
  },
  'bull_call_spread.spread_width': {
    id: 'portfolios.param.bull_call_spread.spread_width.hint',
    defaultMessage: 'Distance from the bought call to the sold call, in strike steps.',
  },
  'bear_put_spread.spread_width': {
    id: 'portfolios.param.bear_put_spread.spread_width.hint',
    defaultMessage: 'Distance from the bought put to the sold put, in strike steps.',
  },
});

/** What an enum parameter's options read as, by "key.value". */
export const optionLabels = defineMessages({
  'expiry.current_weekly': { id: 'portfolios.param.expiry.current_weekly', defaultMessage: 'Current weekly' },
  'expiry.next_weekly': { id: 'portfolios.param.expiry.next_weekly', defaultMessage: 'Next weekly' },
  'expiry.monthly': { id: 'portfolios.param.expiry.monthly', defaultMessage: 'Monthly' },
  'future_month.near': { id: 'portfolios.param.future_month.near', defaultMessage: 'Near month' },
  'future_month.next': { id: 'portfolios.param.future_month.next', defaultMessage: 'Next month' },
  're_entry.none': { id: 'portfolios.param.re_entry.none', defaultMessage: 'Stay out' },
  're_entry.same_strike': { id: 'portfolios.param.re_entry.same_strike', defaultMessage: 'Same strike' },
  're_entry.new_atm': { id: 'portfolios.param.re_entry.new_atm', defaultMessage: 'New at-the-money strike' },
  'indicator.supertrend': { id: 'portfolios.param.indicator.supertrend', defaultMessage: 'Supertrend' },
  'indicator.ema_crossover': { id: 'portfolios.param.indicator.ema_crossover', defaultMessage: 'EMA crossover' },
  'product.NRML': { id: 'portfolios.param.product.NRML', defaultMessage: 'Full margin (NRML)' },
  'product.MIS': { id: 'portfolios.param.product.MIS', defaultMessage: 'Intraday (MIS)' },
  'risk_unit.percent': { id: 'portfolios.param.risk_unit.percent', defaultMessage: 'Percent' },
  'risk_unit.points': { id: 'portfolios.param.risk_unit.points', defaultMessage: 'Points' },
  'premium_move_unit.percent': { id: 'portfolios.param.premium_move_unit.percent', defaultMessage: 'Percent' },
  'premium_move_unit.points': { id: 'portfolios.param.premium_move_unit.points', defaultMessage: 'Points' },
  'entry_condition.none': { id: 'portfolios.param.entry_condition.none', defaultMessage: 'No condition' },
  'entry_condition.premium_falls': { id: 'portfolios.param.entry_condition.premium_falls', defaultMessage: 'Straddle premium falls' },
  'entry_condition.premium_rises': { id: 'portfolios.param.entry_condition.premium_rises', defaultMessage: 'Straddle premium rises' },
  'entry_condition.premium_crosses_above_vwap': { id: 'portfolios.param.entry_condition.premium_crosses_above_vwap', defaultMessage: 'Premium crosses above its VWAP' },
  'entry_condition.premium_crosses_below_vwap': { id: 'portfolios.param.entry_condition.premium_crosses_below_vwap', defaultMessage: 'Premium crosses below its VWAP' },
  'entry_condition.iv_above': { id: 'portfolios.param.entry_condition.iv_above', defaultMessage: 'ATM IV above the level' },
  'entry_condition.iv_below': { id: 'portfolios.param.entry_condition.iv_below', defaultMessage: 'ATM IV below the level' },
  'entry_condition.iv_crosses_above': { id: 'portfolios.param.entry_condition.iv_crosses_above', defaultMessage: 'ATM IV crosses above the level' },
  'entry_condition.iv_crosses_below': { id: 'portfolios.param.entry_condition.iv_crosses_below', defaultMessage: 'ATM IV crosses below the level' },
  'exit_condition.none': { id: 'portfolios.param.exit_condition.none', defaultMessage: 'No condition' },
  'exit_condition.premium_falls': { id: 'portfolios.param.exit_condition.premium_falls', defaultMessage: 'Straddle premium falls' },
  'exit_condition.premium_rises': { id: 'portfolios.param.exit_condition.premium_rises', defaultMessage: 'Straddle premium rises' },
  'exit_condition.premium_crosses_above_vwap': { id: 'portfolios.param.exit_condition.premium_crosses_above_vwap', defaultMessage: 'Premium crosses above its VWAP' },
  'exit_condition.premium_crosses_below_vwap': { id: 'portfolios.param.exit_condition.premium_crosses_below_vwap', defaultMessage: 'Premium crosses below its VWAP' },
  'exit_condition.iv_above': { id: 'portfolios.param.exit_condition.iv_above', defaultMessage: 'ATM IV above the level' },
  'exit_condition.iv_below': { id: 'portfolios.param.exit_condition.iv_below', defaultMessage: 'ATM IV below the level' },
  'exit_condition.iv_crosses_above': { id: 'portfolios.param.exit_condition.iv_crosses_above', defaultMessage: 'ATM IV crosses above the level' },
  'exit_condition.iv_crosses_below': { id: 'portfolios.param.exit_condition.iv_crosses_below', defaultMessage: 'ATM IV crosses below the level' },
});
