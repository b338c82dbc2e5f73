import { defineMessage, defineMessages, type MessageValue } from 'react-intl';

/** Approve-first bots (issue 41): the bot's setting, and the proposals waiting for the trader. */
export const approvalMessages = defineMessages({
  button: { id: 'portfolios.approvals.button', defaultMessage: 'Approvals' },
  badge: { id: 'portfolios.approvals.badge', defaultMessage: 'Approve-first' },
  badgeHint: { id: 'portfolios.approvals.badgeHint', defaultMessage: 'Each entry waits for your approval before it is placed.' },
  description: {
    id: 'portfolios.approvals.description',
    defaultMessage: 'Approve each entry from your phone before it is placed. Exits, stop-losses, square-off and the kill switch never wait for you.',
  },
  approveFirst: { id: 'portfolios.approvals.approveFirst', defaultMessage: 'Approve each entry first' },
  approveFirstHint: {
    id: 'portfolios.approvals.approveFirstHint',
    defaultMessage: 'Each entry or re-entry becomes a proposal sent as a notification with Approve and Reject. Not approved in time, it is skipped.',
  },
  deadline: { id: 'portfolios.approvals.deadline', defaultMessage: 'Deadline (seconds)' },
  tolerance: { id: 'portfolios.approvals.tolerance', defaultMessage: 'Price tolerance (%)' },
  toleranceHint: { id: 'portfolios.approvals.toleranceHint', defaultMessage: 'An approval is refused if a leg’s price moved more than this since it was proposed.' },
  save: { id: 'portfolios.approvals.save', defaultMessage: 'Save' },
  saved: { id: 'portfolios.approvals.saved', defaultMessage: 'Saved.' },
  loading: { id: 'portfolios.approvals.loading', defaultMessage: 'Loading the proposals…' },
  loadFailed: { id: 'portfolios.approvals.loadFailed', defaultMessage: 'The proposals could not be loaded.' },
  openList: { id: 'portfolios.approvals.openList', defaultMessage: 'Open the proposals' },
  title: { id: 'portfolios.approvals.title', defaultMessage: 'Proposals to approve' },
  intro: {
    id: 'portfolios.approvals.intro',
    defaultMessage: 'Entries your approve-first bots want to place. Each is re-priced when you approve it and placed once.',
  },
  empty: { id: 'portfolios.approvals.empty', defaultMessage: 'No proposals yet. Turn on “Approve each entry first” on a bot’s Approvals.' },
  pending: { id: 'portfolios.approvals.pending', defaultMessage: 'Waiting for you' },
  history: { id: 'portfolios.approvals.history', defaultMessage: 'Decided' },
  approve: { id: 'portfolios.approvals.approve', defaultMessage: 'Approve' },
  reject: { id: 'portfolios.approvals.reject', defaultMessage: 'Reject' },
  legs: { id: 'portfolios.approvals.legs', defaultMessage: 'Legs' },
  margin: { id: 'portfolios.approvals.margin', defaultMessage: 'Margin' },
  charges: { id: 'portfolios.approvals.charges', defaultMessage: 'Charges' },
  maxLoss: { id: 'portfolios.approvals.maxLoss', defaultMessage: 'Max loss' },
  unlimited: { id: 'portfolios.approvals.unlimited', defaultMessage: 'Unlimited' },
  unknown: { id: 'portfolios.approvals.unknown', defaultMessage: 'Not known' },
});

export const proposalTitle = defineMessage<{ bot: MessageValue; action: MessageValue }>({ id: 'portfolios.approvals.proposalTitle', defaultMessage: '{bot}: {action, select, re_enter {re-entry} other {entry}}' });
export const proposalStatus = defineMessage<{ status: MessageValue }>({
  id: 'portfolios.approvals.status',
  defaultMessage: '{status, select, pending {Pending} approved {Approved} rejected {Rejected} expired {Expired} other {Refused}}',
});
export const secondsLeft = defineMessage<{ seconds: MessageValue }>({ id: 'portfolios.approvals.secondsLeft', defaultMessage: '{seconds, plural, one {# second left} other {# seconds left}}' });
export const legLine = defineMessage<{ side: MessageValue; quantity: MessageValue; symbol: MessageValue; price: MessageValue }>({ id: 'portfolios.approvals.legLine', defaultMessage: '{side, select, BUY {Buy} other {Sell}} {quantity} {symbol} at {price}' });
export const priceThen = defineMessage<{ price: MessageValue }>({ id: 'portfolios.approvals.priceThen', defaultMessage: '(then {price})' });
export const decidedLine = defineMessage<{ via: MessageValue; device: MessageValue; time: MessageValue }>({
  id: 'portfolios.approvals.decidedLine',
  defaultMessage: '{via, select, app {In the app} notification {From the notification} other {By the engine}}{device, select, none {} other { · {device}}} · {time}',
});
export const placedOrders = defineMessage<{ ids: MessageValue }>({ id: 'portfolios.approvals.placed', defaultMessage: 'Placed: {ids}' });
export const approvalsLabel = defineMessage<{ name: MessageValue }>({ id: 'portfolios.approvals.label', defaultMessage: 'Approvals of {name}' });
export const approvalsTitle = defineMessage<{ name: MessageValue }>({ id: 'portfolios.approvals.dialogTitle', defaultMessage: 'Approvals: {name}' });
