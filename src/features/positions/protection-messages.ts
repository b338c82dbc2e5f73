import { defineMessage, defineMessages, type MessageValue } from 'react-intl';

export const protectionMessages = {
  ...defineMessages({
    title: { id: 'positions.protection.title', defaultMessage: 'Portfolio protection' },
    hint: {
      id: 'positions.protection.hint',
      defaultMessage: 'Exits every position of the portfolio and cancels its working orders when its MTM (today’s P&L after charges) reaches a level.',
    },
    none: { id: 'positions.protection.none', defaultMessage: 'No stop-loss or target on this portfolio’s MTM.' },
    mtm: { id: 'positions.protection.mtm', defaultMessage: 'MTM' },
    mtmUnknown: { id: 'positions.protection.mtmUnknown', defaultMessage: 'MTM unknown: log in to the broker, or wait for a price.' },
    peak: { id: 'positions.protection.peak', defaultMessage: 'Peak MTM' },
    set: { id: 'positions.protection.set', defaultMessage: 'Set protection' },
    change: { id: 'positions.protection.change', defaultMessage: 'Change' },
    clear: { id: 'positions.protection.clear', defaultMessage: 'Clear' },
    changeOnPositions: { id: 'positions.protection.changeOnPositions', defaultMessage: 'Change on Positions' },
    rearm: { id: 'positions.protection.rearm', defaultMessage: 'It disarmed itself: set it again to protect new positions.' },
    dialogTitle: { id: 'positions.protection.dialogTitle', defaultMessage: 'Protect the portfolio’s MTM' },
    stopLoss: { id: 'positions.protection.stopLoss', defaultMessage: 'Stop-loss (loss to exit at)' },
    target: { id: 'positions.protection.target', defaultMessage: 'Target (profit to exit at)' },
    trailEvery: { id: 'positions.protection.trailEvery', defaultMessage: 'Trailing: for every' },
    trailBy: { id: 'positions.protection.trailBy', defaultMessage: 'move the stop up by' },
    lockAt: { id: 'positions.protection.lockAt', defaultMessage: 'Profit lock: once the MTM reaches' },
    lockKeep: { id: 'positions.protection.lockKeep', defaultMessage: 'keep at least' },
    unit: { id: 'positions.protection.unit', defaultMessage: 'Unit' },
    rupees: { id: 'positions.protection.rupees', defaultMessage: '₹' },
    percent: { id: 'positions.protection.percent', defaultMessage: '% of margin' },
    invalid: { id: 'positions.protection.invalid', defaultMessage: 'Enter an amount such as 1500 or 2.5.' },
    pair: { id: 'positions.protection.pair', defaultMessage: 'Fill both or neither.' },
    save: { id: 'positions.protection.save', defaultMessage: 'Arm protection' },
    cancel: { id: 'positions.protection.cancel', defaultMessage: 'Cancel' },
  }),
  kind: defineMessage<{ kind: string }>({
    id: 'positions.protection.kind',
    defaultMessage: '{kind, select, stop_loss {Stop-loss} trailing_stop_loss {Trailing stop-loss} profit_lock {Profit lock} other {Target}}',
  }),
  away: defineMessage<{ amount: MessageValue }>({ id: 'positions.protection.away', defaultMessage: '{amount} away' }),
  awayPercent: defineMessage<{ amount: MessageValue; percent: MessageValue }>({ id: 'positions.protection.awayPercent', defaultMessage: '{amount} away ({percent} of margin)' }),
  trailFrom: defineMessage<{ from: MessageValue; by: MessageValue; every: MessageValue }>({ id: 'positions.protection.trailFrom', defaultMessage: 'Trailed up from {from}: {by} for every {every} of new high MTM' }),
  trailWaiting: defineMessage<{ by: MessageValue; every: MessageValue }>({ id: 'positions.protection.trailWaiting', defaultMessage: 'Trails {by} up for every {every} of new high MTM' }),
  lockWaiting: defineMessage<{ keep: MessageValue; at: MessageValue }>({ id: 'positions.protection.lockWaiting', defaultMessage: 'Profit lock: keeps {keep} once the MTM reaches {at}' }),
  fired: defineMessage<{ kind: string; time: MessageValue; mtm: MessageValue; level: MessageValue }>({
    id: 'positions.protection.fired',
    defaultMessage:
      '{kind, select, stop_loss {Stop-loss} trailing_stop_loss {Trailing stop-loss} profit_lock {Profit lock} other {Target}} hit at {time} IST: MTM {mtm} reached {level}.',
  }),
  exit: defineMessage<{ status: string; message: MessageValue }>({
    id: 'positions.protection.exit',
    defaultMessage: '{status, select, done {Positions squared off, working orders cancelled.} failed {The exit failed: {message}} other {Squaring off…}}',
  }),
  dialogHint: defineMessage<{ margin: MessageValue }>({
    id: 'positions.protection.dialogHint',
    defaultMessage: 'Leave a level empty to go without it. Percentages are of the margin the portfolio blocks now ({margin}).',
  }),
};
