import { defineMessage, defineMessages, type MessageValue } from 'react-intl';

/** A trading bot's webhook: its address, signing, templates for TradingView and ChartInk, and its alert log. */
export const webhookMessages = defineMessages({
  button: { id: 'portfolios.webhook.button', defaultMessage: 'Webhook' },
  description: {
    id: 'portfolios.webhook.description',
    defaultMessage: 'Trade this bot from TradingView, ChartInk or a script: each alert goes through the same checks as your own orders (kill switch, risk limits, paper or live account) and is placed once.',
  },
  loading: { id: 'portfolios.webhook.loading', defaultMessage: 'Loading the webhook…' },
  loadFailed: { id: 'portfolios.webhook.loadFailed', defaultMessage: 'The webhook could not be loaded.' },
  off: { id: 'portfolios.webhook.off', defaultMessage: 'The webhook is off: no address reaches this bot.' },
  turnOn: { id: 'portfolios.webhook.turnOn', defaultMessage: 'Turn on webhook' },
  turnOff: { id: 'portfolios.webhook.turnOff', defaultMessage: 'Turn off' },
  alertsOnly: { id: 'portfolios.webhook.alertsOnly', defaultMessage: 'Enter only on alerts' },
  alertsOnlyHint: {
    id: 'portfolios.webhook.alertsOnlyHint',
    defaultMessage: 'The bot’s own entry rules are off; its stop-loss, target and exit time still manage what an alert opened.',
  },
  address: { id: 'portfolios.webhook.address', defaultMessage: 'Webhook URL' },
  addressOnce: {
    id: 'portfolios.webhook.addressOnce',
    defaultMessage: 'Shown this once: copy it into TradingView or ChartInk now. Anyone with this address can send alerts to the bot.',
  },
  rotate: { id: 'portfolios.webhook.rotate', defaultMessage: 'New address' },
  rotateHint: { id: 'portfolios.webhook.rotateHint', defaultMessage: 'The old address stops working at once.' },
  signing: { id: 'portfolios.webhook.signing', defaultMessage: 'Signing' },
  signedOn: {
    id: 'portfolios.webhook.signedOn',
    defaultMessage: 'Required: every alert must carry X-StrikeDesk-Timestamp (Unix seconds, within 60 s) and X-StrikeDesk-Signature: sha256= and the hex HMAC-SHA256 of “timestamp.body” with the secret. TradingView cannot sign: use it with the address alone.',
  },
  signedOff: { id: 'portfolios.webhook.signedOff', defaultMessage: 'Off: the address alone is the proof (TradingView and ChartInk cannot sign).' },
  newSecret: { id: 'portfolios.webhook.newSecret', defaultMessage: 'New signing secret' },
  stopSigning: { id: 'portfolios.webhook.stopSigning', defaultMessage: 'Stop signing' },
  secret: { id: 'portfolios.webhook.secret', defaultMessage: 'Signing secret' },
  secretOnce: { id: 'portfolios.webhook.secretOnce', defaultMessage: 'Shown this once: keep it with the script that signs.' },
  templates: { id: 'portfolios.webhook.templates', defaultMessage: 'Templates' },
  tradingViewEnter: { id: 'portfolios.webhook.tradingViewEnter', defaultMessage: 'TradingView message: enter' },
  tradingViewExit: { id: 'portfolios.webhook.tradingViewExit', defaultMessage: 'TradingView message: exit' },
  tradingViewHint: {
    id: 'portfolios.webhook.tradingViewHint',
    defaultMessage: 'In the alert’s Notifications, tick Webhook URL and paste the address; paste the message as the alert’s message. Change the legs as you like: strike ATM, ATM+2 or ATM-1, CE or PE, BUY or SELL.',
  },
  chartinkEnter: { id: 'portfolios.webhook.chartinkEnter', defaultMessage: 'ChartInk alert name: enter' },
  chartinkExit: { id: 'portfolios.webhook.chartinkExit', defaultMessage: 'ChartInk alert name: exit' },
  chartinkHint: {
    id: 'portfolios.webhook.chartinkHint',
    defaultMessage: 'ChartInk sends its own body: name the scan’s alert so it starts with enter or exit, and paste the address as its webhook URL. The bot enters its own strategy’s legs.',
  },
  recent: { id: 'portfolios.webhook.recent', defaultMessage: 'Recent alerts' },
  recentEmpty: { id: 'portfolios.webhook.recentEmpty', defaultMessage: 'No alert received yet.' },
  refresh: { id: 'portfolios.webhook.refresh', defaultMessage: 'Refresh' },
});

export const addressHiddenMessage = defineMessage<{ hint: MessageValue }>({
  id: 'portfolios.webhook.addressHidden',
  defaultMessage: 'The address ends in {hint}. It is not shown again; lost it? Make a new one.',
});
/** TradingView and ChartInk cannot post to this origin (issue 62): said above the address. */
export const notReachableMessage = defineMessage<{ origin: MessageValue }>({
  id: 'portfolios.webhook.notReachable',
  defaultMessage:
    'TradingView and ChartInk post only to a public HTTPS address (TradingView only on port 443 or 80), and {origin} is not one: their alerts will not arrive here. A script on this machine or network can use it. To take their alerts, put StrikeDesk behind a reverse proxy or a tunnel with HTTPS and set PUBLIC_ORIGIN: see docs/operations.md, “Alerts from TradingView and ChartInk”.',
});
export const alertIdMessage = defineMessage<{ id: MessageValue }>({ id: 'portfolios.webhook.alertId', defaultMessage: 'Alert {id}' });

export const webhookTitle = defineMessage<{ name: MessageValue }>({ id: 'portfolios.webhook.title', defaultMessage: 'Webhook of {name}' });
export const webhookLabel = defineMessage<{ name: MessageValue }>({ id: 'portfolios.webhook.label', defaultMessage: 'Webhook of {name}' });

export const alertActionMessage = defineMessage<{ action: MessageValue }>({
  id: 'portfolios.webhook.action',
  defaultMessage: '{action, select, enter {Enter} exit {Exit} buy {Buy} sell {Sell} other {Unreadable}}',
});

export const alertOutcomeMessage = defineMessage<{ outcome: MessageValue }>({
  id: 'portfolios.webhook.outcome',
  defaultMessage: '{outcome, select, placed {Placed} working {Working} proposed {Awaiting approval} refused {Refused} other {Failed}}',
});
