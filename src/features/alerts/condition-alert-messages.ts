import { defineMessage, defineMessages, type MessageValue } from 'react-intl';

/** The premium and IV alerts' words (issue 40): the form on the premium and IV charts, and their list. */
export const conditionMessages = {
  ...defineMessages({
    title: { id: 'alerts.condition.title', defaultMessage: 'Premium and IV alerts' },
    description: {
      id: 'alerts.condition.description',
      defaultMessage: "Made from a strategy's premium chart or the IV chart: each fires once, on the completed minute its condition is met.",
    },
    premiumTitle: { id: 'alerts.condition.premiumTitle', defaultMessage: 'Alert on this premium' },
    ivTitle: { id: 'alerts.condition.ivTitle', defaultMessage: 'Alert on this ATM IV' },
    openPremium: { id: 'alerts.condition.openPremium', defaultMessage: 'Set an alert' },
    openIv: { id: 'alerts.condition.openIv', defaultMessage: 'Set an IV alert' },
    expiryOver: { id: 'alerts.condition.expiryOver', defaultMessage: 'This expiry is over: an alert can only watch an expiry still trading.' },
    when: { id: 'alerts.condition.when', defaultMessage: 'Alert me when' },
    premium_falls: { id: 'alerts.condition.kind.premium_falls', defaultMessage: 'Falls from its value at a minute' },
    premium_rises: { id: 'alerts.condition.kind.premium_rises', defaultMessage: 'Rises from its value at a minute' },
    premium_crosses_above_vwap: { id: 'alerts.condition.kind.premium_crosses_above_vwap', defaultMessage: 'Crosses above its VWAP' },
    premium_crosses_below_vwap: { id: 'alerts.condition.kind.premium_crosses_below_vwap', defaultMessage: 'Crosses below its VWAP' },
    premium_crosses_above: { id: 'alerts.condition.kind.premium_crosses_above', defaultMessage: 'Rises above a level' },
    premium_crosses_below: { id: 'alerts.condition.kind.premium_crosses_below', defaultMessage: 'Falls below a level' },
    iv_above: { id: 'alerts.condition.kind.iv_above', defaultMessage: 'ATM IV is above a level' },
    iv_below: { id: 'alerts.condition.kind.iv_below', defaultMessage: 'ATM IV is below a level' },
    iv_crosses_above: { id: 'alerts.condition.kind.iv_crosses_above', defaultMessage: 'ATM IV crosses above a level' },
    iv_crosses_below: { id: 'alerts.condition.kind.iv_crosses_below', defaultMessage: 'ATM IV crosses below a level' },
    fromMinute: { id: 'alerts.condition.fromMinute', defaultMessage: 'From the minute (IST)' },
    fromMinuteHint: { id: 'alerts.condition.fromMinuteHint', defaultMessage: 'Each day, the premium then is the reference (and where the VWAP starts).' },
    fromMinuteInvalidNoHours: { id: 'alerts.condition.fromMinuteInvalidNoHours', defaultMessage: 'Enter a minute as HH:MM.' },
    move: { id: 'alerts.condition.move', defaultMessage: 'By' },
    moveInvalid: { id: 'alerts.condition.moveInvalid', defaultMessage: 'Enter a move above 0, with at most two decimals.' },
    unit: { id: 'alerts.condition.unit', defaultMessage: 'In' },
    percent: { id: 'alerts.condition.percent', defaultMessage: 'Percent' },
    points: { id: 'alerts.condition.points', defaultMessage: 'Points (₹)' },
    levelRupees: { id: 'alerts.condition.levelRupees', defaultMessage: 'Premium level (₹)' },
    levelIv: { id: 'alerts.condition.levelIv', defaultMessage: 'IV level (%)' },
    levelInvalid: { id: 'alerts.condition.levelInvalid', defaultMessage: 'Enter a level above 0, with at most two decimals.' },
    readNote: {
      id: 'alerts.condition.readNote',
      defaultMessage:
        'Judged on each completed minute the chart draws, as a bot condition is; it fires once, here and on your devices. A minute met while the server was down is not told later.',
    },
    create: { id: 'alerts.condition.create', defaultMessage: 'Create alert' },
    listLabel: { id: 'alerts.condition.listLabel', defaultMessage: 'Your premium and IV alerts' },
    empty: { id: 'alerts.condition.empty', defaultMessage: 'No premium or IV alerts yet. Make one from a premium chart or the IV chart.' },
    loading: { id: 'alerts.condition.loading', defaultMessage: 'Loading your premium and IV alerts…' },
    failed: { id: 'alerts.condition.failed', defaultMessage: 'Your premium and IV alerts could not be loaded.' },
    active: { id: 'alerts.condition.active', defaultMessage: 'Watching' },
    expired: { id: 'alerts.condition.expired', defaultMessage: 'Expiry over, now off' },
    deleted: { id: 'alerts.condition.deleted', defaultMessage: 'Alert deleted' },
    delete: { id: 'alerts.condition.delete', defaultMessage: 'Delete' },
    openChart: { id: 'alerts.condition.openChart', defaultMessage: 'Open its chart' },
  }),
  // Today's session as the server said it (15:39 is its last minute since 3 August 2026); before it has, no hours.
  fromMinuteInvalid: defineMessage<{ first: MessageValue; last: MessageValue }>({ id: 'alerts.condition.fromMinuteInvalid', defaultMessage: 'Enter a minute from {first} to {last}, as HH:MM.' }),
  created: defineMessage<{ rule: MessageValue }>({ id: 'alerts.condition.created', defaultMessage: 'Alert set: {rule}' }),
  /** When it fired, and the premium or IV on the minute met (the feed's alert says the rest). */
  fired: defineMessage<{ time: MessageValue; kind: string; value: number }>({
    id: 'alerts.condition.fired',
    defaultMessage: '{kind, select, iv {Fired at {time}: ATM IV {value, number, ::.00} %} other {Fired at {time}: premium {value, number, ::currency/INR}}}',
  }),
  /** The premium or IV on the last minute judged. */
  lastValue: defineMessage<{ kind: string; value: number }>({
    id: 'alerts.condition.lastValue',
    defaultMessage: '{kind, select, iv {Last ATM IV {value, number, ::.00} %} other {Last premium {value, number, ::currency/INR}}}',
  }),
  deleteLabel: defineMessage<{ rule: MessageValue }>({ id: 'alerts.condition.deleteLabel', defaultMessage: 'Delete the alert {rule}' }),
  /** An alert in one line: what is watched and the condition. */
  rule: defineMessage<{ subject: MessageValue; kind: string; move: number; unit: string; level: number; from: string }>({
    id: 'alerts.condition.rule',
    defaultMessage:
      '{subject}: {kind, select, premium_falls {premium falls {move, number} {unit, select, points {points} other {%}} from {from}} premium_rises {premium rises {move, number} {unit, select, points {points} other {%}} from {from}} premium_crosses_above_vwap {premium crosses above its VWAP (from {from})} premium_crosses_below_vwap {premium crosses below its VWAP (from {from})} premium_crosses_above {premium rises above {level, number, ::currency/INR}} premium_crosses_below {premium falls below {level, number, ::currency/INR}} iv_above {ATM IV above {level, number} %} iv_below {ATM IV below {level, number} %} iv_crosses_above {ATM IV crosses above {level, number} %} other {ATM IV crosses below {level, number} %}}',
  }),
  ivSubject: defineMessage<{ index: string; expiry: MessageValue }>({ id: 'alerts.condition.ivSubject', defaultMessage: '{index} {expiry} expiry' }),
};
