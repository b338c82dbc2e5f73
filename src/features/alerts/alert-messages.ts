import { defineMessage, defineMessages, type MessageValue } from 'react-intl';

export const alertMessages = {
  ...defineMessages({
    title: { id: 'alerts.strategyTitle', defaultMessage: 'Strategy alerts' },
    description: {
      id: 'alerts.strategyDescription',
      defaultMessage: 'What your bots did, your orders, the kill switch, broker sessions and your price alerts.',
    },
    views: { id: 'alerts.views', defaultMessage: 'Alerts views' },
    viewFeed: { id: 'alerts.viewFeed', defaultMessage: 'Feed' },
    viewPrice: { id: 'alerts.viewPrice', defaultMessage: 'Price alerts' },
    filters: { id: 'alerts.filters', defaultMessage: 'Show' },
    all: { id: 'alerts.filterAll', defaultMessage: 'All' },
    unreadOnly: { id: 'alerts.filterUnread', defaultMessage: 'Unread only' },
    isNew: { id: 'alerts.new', defaultMessage: 'New' },
    open: { id: 'alerts.open', defaultMessage: 'Open' },
    loadMore: { id: 'alerts.loadMore', defaultMessage: 'Load more' },
    loading: { id: 'alerts.loading', defaultMessage: 'Loading your alerts…' },
    failed: { id: 'alerts.failed', defaultMessage: 'The alerts could not be loaded.' },
    moreFailed: { id: 'alerts.moreFailed', defaultMessage: 'Older alerts could not be loaded.' },
    readOnly: { id: 'alerts.readOnly', defaultMessage: 'Offline: this is the feed as of your last visit. New alerts show once you are back online.' },
    emptyTitle: { id: 'alerts.emptyTitle', defaultMessage: 'No alerts yet' },
    emptyDescription: {
      id: 'alerts.emptyDescription',
      defaultMessage:
        'Bot entries and exits, fills and rejections, stop-loss and target hits, the kill switch, broker sessions and your price alerts appear here as they happen.',
    },
    noMatch: { id: 'alerts.noMatch', defaultMessage: 'No alert matches these filters.' },
    newAlertsHint: { id: 'alerts.newAlertsHint', defaultMessage: 'Open Strategy alerts to read them.' },
  }),
  unreadCount: defineMessage<{ count: number }>({ id: 'alerts.unreadCount', defaultMessage: '{count, plural, one {# unread} other {# unread}}' }),
  account: defineMessage<{ account: MessageValue }>({ id: 'alerts.account', defaultMessage: 'Account {account}' }),
  bot: defineMessage<{ name: MessageValue }>({ id: 'alerts.bot', defaultMessage: 'Bot {name}' }),
  openLabel: defineMessage<{ title: MessageValue }>({ id: 'alerts.openLabel', defaultMessage: 'Open: {title}' }),
  newAlerts: defineMessage<{ count: number }>({ id: 'alerts.newAlerts', defaultMessage: '{count, plural, one {# new alert} other {# new alerts}}' }),
};

export const categoryMessages = defineMessages({
  bot: { id: 'alerts.category.bot', defaultMessage: 'Bots' },
  order: { id: 'alerts.category.order', defaultMessage: 'Orders' },
  kill_switch: { id: 'alerts.category.killSwitch', defaultMessage: 'Kill switch' },
  broker_session: { id: 'alerts.category.brokerSession', defaultMessage: 'Broker session' },
  price: { id: 'alerts.category.price', defaultMessage: 'Price alerts' },
});

export const severityMessages = defineMessages({
  info: { id: 'alerts.severity.info', defaultMessage: 'Information' },
  success: { id: 'alerts.severity.success', defaultMessage: 'Done' },
  warning: { id: 'alerts.severity.warning', defaultMessage: 'Warning' },
  danger: { id: 'alerts.severity.danger', defaultMessage: 'Danger' },
});

export const priceMessages = {
  ...defineMessages({
    title: { id: 'alerts.price.title', defaultMessage: 'Price alerts' },
    description: {
      id: 'alerts.price.description',
      defaultMessage: "Be alerted when an index's or an option's last price crosses a level, here and on your devices.",
    },
    instrument: { id: 'alerts.price.instrument', defaultMessage: 'Instrument' },
    kindIndex: { id: 'alerts.price.kindIndex', defaultMessage: 'An index' },
    kindOption: { id: 'alerts.price.kindOption', defaultMessage: 'An option' },
    index: { id: 'alerts.price.index', defaultMessage: 'Index' },
    optionFromChain: {
      id: 'alerts.price.optionFromChain',
      defaultMessage: 'An option’s alert is made where you see the option: the bell beside its price in the option chain (on a phone, in its order ticket).',
    },
    openChain: { id: 'alerts.price.openChain', defaultMessage: 'Open the option chain' },
    direction: { id: 'alerts.price.direction', defaultMessage: 'When the last price crosses' },
    above: { id: 'alerts.price.above', defaultMessage: 'Upwards (above the level)' },
    below: { id: 'alerts.price.below', defaultMessage: 'Downwards (below the level)' },
    levelPoints: { id: 'alerts.price.levelPoints', defaultMessage: 'Level (points)' },
    levelRupees: { id: 'alerts.price.levelRupees', defaultMessage: 'Price (₹)' },
    repeat: { id: 'alerts.price.repeat', defaultMessage: 'Alert me' },
    once: { id: 'alerts.price.once', defaultMessage: 'Once' },
    everyTime: { id: 'alerts.price.everyTime', defaultMessage: 'Every time' },
    create: { id: 'alerts.price.create', defaultMessage: 'Create alert' },
    deleted: { id: 'alerts.price.deleted', defaultMessage: 'Price alert deleted' },
    delete: { id: 'alerts.price.delete', defaultMessage: 'Delete' },
    levelInvalid: { id: 'alerts.price.levelInvalid', defaultMessage: 'Enter a price above ₹0, at most to the paisa.' },
    levelInvalidPoints: { id: 'alerts.price.levelInvalidPoints', defaultMessage: 'Enter a level above 0, with at most two decimals.' },
    noPrice: { id: 'alerts.price.noPrice', defaultMessage: 'No price seen yet' },
    active: { id: 'alerts.price.active', defaultMessage: 'Active' },
    done: { id: 'alerts.price.done', defaultMessage: 'Fired, now off' },
    expired: { id: 'alerts.price.expired', defaultMessage: 'Contract expired, now off' },
    empty: { id: 'alerts.price.empty', defaultMessage: 'No price alerts yet. Create one above.' },
    loading: { id: 'alerts.price.loading', defaultMessage: 'Loading your price alerts…' },
    failed: { id: 'alerts.price.failed', defaultMessage: 'Your price alerts could not be loaded.' },
    listLabel: { id: 'alerts.price.listLabel', defaultMessage: 'Your price alerts' },
    noPriceNow: { id: 'alerts.price.noPriceNow', defaultMessage: 'No live price now: whether the level is already passed cannot be checked.' },
    saveAnyway: { id: 'alerts.price.saveAnyway', defaultMessage: 'Save anyway' },
    changeLevel: { id: 'alerts.price.changeLevel', defaultMessage: 'Change the level' },
  }),
  /** The live price beside the level being typed. */
  lastPriceNow: defineMessage<{ price: MessageValue }>({ id: 'alerts.price.lastPriceNow', defaultMessage: 'Last price now: {price}' }),
  metTitle: defineMessage<{ symbol: MessageValue; direction: string; level: MessageValue }>({
    id: 'alerts.price.metTitle',
    defaultMessage: '{symbol} is already {direction, select, above {at or above} other {at or below}} {level}',
  }),
  metBody: defineMessage<{ direction: string; price: MessageValue; level: MessageValue }>({
    id: 'alerts.price.metBody',
    defaultMessage:
      'Its last price is {price}. The alert fires when the price crosses {level} {direction, select, above {upwards, so not before it has fallen below it} other {downwards, so not before it has risen above it}}. Save it anyway, or change the level?',
  }),
  /** The confirmation once saved, naming the alert. */
  created: defineMessage<{ rule: MessageValue }>({ id: 'alerts.price.createdRule', defaultMessage: 'Price alert set: {rule}' }),
  rule: defineMessage<{ symbol: MessageValue; direction: string; level: MessageValue }>({
    id: 'alerts.price.rule',
    defaultMessage: '{symbol} {direction, select, above {above} other {below}} {level}',
  }),
  lastPrice: defineMessage<{ price: MessageValue }>({ id: 'alerts.price.lastPrice', defaultMessage: 'Last price {price}' }),
  triggered: defineMessage<{ count: number }>({
    id: 'alerts.price.triggered',
    defaultMessage: '{count, plural, =0 {Not triggered yet} one {Triggered once} other {Triggered # times}}',
  }),
  deleteLabel: defineMessage<{ rule: MessageValue }>({ id: 'alerts.price.deleteLabel', defaultMessage: 'Delete the alert {rule}' }),
};
