// The refusals of the premium and IV alert form (condition-alerts-service.ts) and the alerts those alerts write,
// said twice like every trader's text (said.ts): the English, and a code the app says in the trader's language.
import { said, type Said } from './said.ts';

export type ConditionAlertField = 'legs' | 'expiry' | 'move' | 'level';

const fieldWords: Record<ConditionAlertField, string> = {
  legs: "the strategy's legs",
  expiry: 'the expiry whose ATM IV to watch',
  move: 'the move (percent or points)',
  level: 'the level',
};

export const conditionAlertTexts = {
  required: (field: ConditionAlertField): Said => said('condition_alert.required', { field }, `This alert needs ${fieldWords[field]}.`),
  /** `first` and `last`: the session's first and last minutes (HH:MM IST), the day's regular session's. */
  minuteOutsideSession: (minute: string, session: { first: string; last: string }): Said =>
    said('condition_alert.minute_outside_session', { minute, ...session }, `${minute} is not a minute of the session: choose one from ${session.first} to ${session.last} IST.`),
  moveTooLarge: said('condition_alert.move_too_large', {}, 'A premium cannot fall 100 % or more: choose a smaller move.'),
  ivLevelTooHigh: (limit: number): Said => said('condition_alert.iv_level_too_high', { limit }, `An IV level is at most ${limit} %.`),
  /** `expiry`: an ISO day. */
  expired: (expiry: string): Said => said('condition_alert.expired', { expiry }, `The expiry ${expiry} is over (its contracts stopped trading at that day's close): choose a current one.`),
  tooMany: (limit: number): Said =>
    said('condition_alert.too_many', { limit }, `You have ${limit} premium and IV alerts, the most one may keep: delete one first.`),
};
