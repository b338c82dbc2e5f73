import { defineMessage, defineMessages, type MessageDescriptor, type MessageValue } from 'react-intl';
import type { PushTopic } from '@/features/settings/api/push-calls';

export const pushMessages = {
  ...defineMessages({
    title: { id: 'settings.push.title', defaultMessage: 'Notifications on this device' },
    description: {
      id: 'settings.push.description',
      defaultMessage:
        'Fills, rejections, stop-loss and target hits, the kill switch, broker sessions, price alerts and bot activity, sent to this device even when StrikeDesk is closed. While the app is open they also show inside it.',
    },
    unsupported: {
      id: 'settings.push.unsupported',
      defaultMessage: 'This browser cannot receive push notifications. Alerts still show in the app while it is open.',
    },
    iosInstall: {
      id: 'settings.push.iosInstall',
      defaultMessage:
        'On iPhone and iPad, notifications reach only the app installed on the Home Screen: in Safari tap Share, then Add to Home Screen, open StrikeDesk from there and turn them on in its settings.',
    },
    denied: {
      id: 'settings.push.denied',
      defaultMessage: "Notifications are blocked for StrikeDesk in this browser's site settings. Allow them there, then turn them on here.",
    },
    noWorker: {
      id: 'settings.push.noWorker',
      defaultMessage: 'Notifications need the app’s offline support, which is not running in this window. Reload the page and try again.',
    },
    subscribeFailed: { id: 'settings.push.subscribeFailed', defaultMessage: 'The browser could not subscribe this device. Try again later.' },
    off: { id: 'settings.push.off', defaultMessage: 'Off on this device.' },
    enable: { id: 'settings.push.enable', defaultMessage: 'Turn on notifications' },
    disable: { id: 'settings.push.disable', defaultMessage: 'Turn off on this device' },
    test: { id: 'settings.push.test', defaultMessage: 'Send a test' },
    testSent: { id: 'settings.push.testSent', defaultMessage: 'Test notification sent' },
    enabled: { id: 'settings.push.enabled', defaultMessage: 'Notifications on for this device' },
    disabled: { id: 'settings.push.disabled', defaultMessage: 'Notifications off for this device' },
    topics: { id: 'settings.push.topics', defaultMessage: 'What this device receives' },
    others: { id: 'settings.push.others', defaultMessage: 'Your other devices' },
    noOthers: { id: 'settings.push.noOthers', defaultMessage: 'No other device receives notifications.' },
    noTopics: { id: 'settings.push.noTopics', defaultMessage: 'Nothing chosen' },
    remove: { id: 'settings.push.remove', defaultMessage: 'Remove' },
    loading: { id: 'settings.push.loading', defaultMessage: 'Loading your notification settings…' },
    failed: { id: 'settings.push.failed', defaultMessage: 'Your notification settings could not be loaded.' },
  }),
  on: defineMessage<{ label: MessageValue }>({ id: 'settings.push.on', defaultMessage: 'On for this device ({label}).' }),
  lastError: defineMessage<{ error: MessageValue }>({ id: 'settings.push.lastError', defaultMessage: 'Last delivery failed: {error}' }),
  removeLabel: defineMessage<{ label: MessageValue }>({ id: 'settings.push.removeLabel', defaultMessage: 'Stop notifications to {label}' }),
};

export const topicMessages: Record<PushTopic, { label: MessageDescriptor; hint: MessageDescriptor }> = {
  fills: {
    label: defineMessage({ id: 'settings.push.topic.fills', defaultMessage: 'Fills' }),
    hint: defineMessage({ id: 'settings.push.topic.fillsHint', defaultMessage: 'An order of yours or of a bot filled.' }),
  },
  rejections: {
    label: defineMessage({ id: 'settings.push.topic.rejections', defaultMessage: 'Rejections' }),
    hint: defineMessage({ id: 'settings.push.topic.rejectionsHint', defaultMessage: "An order was rejected, with the broker's message." }),
  },
  stop_loss_target: {
    label: defineMessage({ id: 'settings.push.topic.stopLossTarget', defaultMessage: 'Stop-loss and target' }),
    hint: defineMessage({ id: 'settings.push.topic.stopLossTargetHint', defaultMessage: "A stop-loss or a target was hit, yours or a bot's." }),
  },
  kill_switch: {
    label: defineMessage({ id: 'settings.push.topic.killSwitch', defaultMessage: 'Kill switch' }),
    hint: defineMessage({ id: 'settings.push.topic.killSwitchHint', defaultMessage: 'Turned on or off, and what it did.' }),
  },
  broker_session: {
    label: defineMessage({ id: 'settings.push.topic.brokerSession', defaultMessage: 'Broker session' }),
    hint: defineMessage({ id: 'settings.push.topic.brokerSessionHint', defaultMessage: 'A session expired, and the reminder to log in before the market opens.' }),
  },
  price_alerts: {
    label: defineMessage({ id: 'settings.push.topic.priceAlerts', defaultMessage: 'Price alerts' }),
    hint: defineMessage({ id: 'settings.push.topic.priceAlertsHint', defaultMessage: 'A last price crossed one of your levels.' }),
  },
  bot_activity: {
    label: defineMessage({ id: 'settings.push.topic.botActivity', defaultMessage: 'Bot activity' }),
    hint: defineMessage({ id: 'settings.push.topic.botActivityHint', defaultMessage: 'Bot entries, exits, errors and missed actions.' }),
  },
};
