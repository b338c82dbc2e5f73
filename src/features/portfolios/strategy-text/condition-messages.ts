import { defineMessage, type MessageValue } from 'react-intl';

/** The bot's conditions, product and stop-loss unit said in words under its parameters (condition-summary.tsx). */
export const conditionMessages = {
  heading: defineMessage({ id: 'portfolios.conditions.heading', defaultMessage: 'What the bot will do' }),
  move: defineMessage<{ unit: MessageValue; amount: MessageValue }>({
    id: 'portfolios.conditions.move',
    defaultMessage: '{unit, select, points {{amount, number} points} other {{amount, number} %}}',
  }),
  entryAtTime: defineMessage({ id: 'portfolios.conditions.entryAtTime', defaultMessage: 'Enters at its entry time.' }),
  entry: defineMessage<{ kind: MessageValue; time: MessageValue; move: MessageValue; level: MessageValue }>({
    id: 'portfolios.conditions.entry',
    defaultMessage:
      '{kind, select, premium_falls {Enters on the first completed minute, from its entry time on, that the straddle fixed at {time} falls {move} below its premium at {time}.} premium_rises {Enters on the first completed minute, from its entry time on, that the straddle fixed at {time} rises {move} above its premium at {time}.} premium_crosses_above_vwap {Enters when the premium of the straddle fixed at {time} crosses above its VWAP on a completed minute.} premium_crosses_below_vwap {Enters when the premium of the straddle fixed at {time} crosses below its VWAP on a completed minute.} iv_above {Enters once the at-the-money IV of its expiry is above {level, number} % on a completed minute.} iv_below {Enters once the at-the-money IV of its expiry is below {level, number} % on a completed minute.} iv_crosses_above {Enters when the at-the-money IV of its expiry crosses above {level, number} % on a completed minute.} iv_crosses_below {Enters when the at-the-money IV of its expiry crosses below {level, number} % on a completed minute.} other {}}',
  }),
  exit: defineMessage<{ kind: MessageValue; time: MessageValue; move: MessageValue; level: MessageValue }>({
    id: 'portfolios.conditions.exit',
    defaultMessage:
      '{kind, select, premium_falls {Exits when the straddle fixed at {time} falls {move} below its premium at {time}.} premium_rises {Exits when the straddle fixed at {time} rises {move} above its premium at {time}.} premium_crosses_above_vwap {Exits when the premium of the straddle fixed at {time} crosses above its VWAP.} premium_crosses_below_vwap {Exits when the premium of the straddle fixed at {time} crosses below its VWAP.} iv_above {Exits when the at-the-money IV of its expiry is above {level, number} %.} iv_below {Exits when the at-the-money IV of its expiry is below {level, number} %.} iv_crosses_above {Exits when the at-the-money IV of its expiry crosses above {level, number} %.} iv_crosses_below {Exits when the at-the-money IV of its expiry crosses below {level, number} %.} other {}}',
  }),
  straddle: defineMessage<{ time: MessageValue }>({
    id: 'portfolios.conditions.straddle',
    defaultMessage:
      'The straddle is the call and put of the bot’s expiry at the strike nearest the index at {time}. A condition is read on each completed minute: a cross that happened while the server was down is not acted on.',
  }),
  vwap: defineMessage<{ time: MessageValue }>({
    id: 'portfolios.conditions.vwap',
    defaultMessage:
      'VWAP from {time}, each minute weighed by the two legs’ traded volume where the prices have it (recorded or imported days). Paper trading on the simulator and modelled backtest days have no volume: every minute then weighs the same (the premium’s average since {time}).',
  }),
  // The cut-off is the day's, as the server says it (session-facts.ts); `none` until the price stream has spoken.
  mis: defineMessage<{ cutOff: string; exitBy: string }>({
    id: 'portfolios.conditions.mis',
    defaultMessage:
      'MIS: the bot exits a minute before the broker squares MIS positions off{cutOff, select, none {} other { (today at {cutOff} IST, so the bot is out by {exitBy})}}, and enters no later.',
  }),
  points: defineMessage<{ stop: MessageValue; target: MessageValue }>({
    id: 'portfolios.conditions.points',
    defaultMessage: 'Stop-loss {stop, number} points and target {target, number} points of the combined premium; the Stop-loss (%) and Target (%) above are not used.',
  }),
};
