import { defineMessage, defineMessages, type MessageValue } from 'react-intl';

/** A bot webhook's rule for a repeated alert id (issue 60): its trading day, or a window of minutes. */
export const webhookRepeatMessages = defineMessages({
  title: { id: 'portfolios.webhook.repeat.title', defaultMessage: 'Repeated alerts' },
  counts: { id: 'portfolios.webhook.repeat.counts', defaultMessage: 'The same alert id is placed once' },
  day: { id: 'portfolios.webhook.repeat.day', defaultMessage: 'a trading day (IST)' },
  window: { id: 'portfolios.webhook.repeat.window', defaultMessage: 'within a window of minutes' },
  dayHint: {
    id: 'portfolios.webhook.repeat.dayHint',
    defaultMessage: 'Again the same day, it is refused as a duplicate; the next day it is a new alert. A ChartInk alert is dated by the day it arrives: its 9:20 scan places again tomorrow.',
  },
  windowHint: {
    id: 'portfolios.webhook.repeat.windowHint',
    defaultMessage: 'Within this many minutes of the one placed, the same id is refused as a duplicate; after it, it is a new alert, even the same day.',
  },
  minutes: { id: 'portfolios.webhook.repeat.minutes', defaultMessage: 'Window (minutes)' },
  save: { id: 'portfolios.webhook.repeat.save', defaultMessage: 'Save' },
  saved: { id: 'portfolios.webhook.repeat.saved', defaultMessage: 'Saved' },
});

export const minutesRangeMessage = defineMessage<{ min: MessageValue; max: MessageValue }>({
  id: 'portfolios.webhook.repeat.minutesRange',
  defaultMessage: 'A whole number of minutes from {min} to {max}.',
});
