// What a request did, said in its 2xx answer (`message`, and `message_i18n` beside it), twice like every
// trader's text (said.ts): the English the answer has always carried, and a code the app says in the
// trader's language. The app shows few of these today; a client that does has them in French too.
import { said, type Said } from './said.ts';

/** The answer's English and its code, as every contract answer with a message carries them. */
export const told = (text: Said): { message: string; message_i18n: Said['i18n'] } => ({ message: text.text, message_i18n: text.i18n });

export const doneTexts = {
  signedOut: said('done.signed_out', {}, 'Signed out'),
  signedIn: said('done.signed_in', {}, 'Signed in'),
  accountCreated: said('done.account_created', {}, 'Account created. Sign in to continue.'),
  passwordChanged: said('done.password_changed', {}, 'Password changed. Your other devices have been signed out.'),
  tradeDefaultsSaved: said('done.trade_defaults_saved', {}, 'Trade defaults saved'),
  brokerAccountDeleted: said('done.broker_account_deleted', {}, 'Broker account deleted with its portfolios and bots'),
  brokerLoggedIn: said('done.broker_logged_in', {}, 'Logged in to the broker until 06:00 IST'),
  brokerLoggedOut: said('done.broker_logged_out', {}, 'Logged out of the broker'),
  portfolioDeleted: said('done.portfolio_deleted', {}, 'Portfolio deleted with its bots'),
  tradingBotDeleted: said('done.trading_bot_deleted', {}, 'Trading bot deleted'),
  webhookOff: said('done.webhook_off', {}, 'Webhook turned off: its address no longer works'),
  dailyBotDeleted: said('done.daily_bot_deleted', {}, 'Daily bot deleted'),
  priceAlertDeleted: said('done.price_alert_deleted', {}, 'Price alert deleted'),
  /** `removed`: whether the device was receiving notifications until now. */
  pushDeviceRemoved: (removed: boolean): Said =>
    said(
      'done.push_device_removed',
      { removed: removed ? 'yes' : 'no' },
      removed ? 'This device will no longer receive notifications.' : 'This device was not receiving notifications.',
    ),
  killSwitchAlreadyOff: (account: string): Said => said('done.kill_switch_already_off', { account }, `The kill switch of ${account} is already off.`),
  /**
   * Kite's postback read: what changed, or nothing new. `status` is Kite's own word (COMPLETE, REJECTED...),
   * as the order book shows it. Kite reads this answer, not a trader; it is coded like every answer.
   */
  webhookNotRead: (updateType: string): Said => said('done.webhook_not_read', { update_type: updateType }, `Not an order update (${updateType}): not read`),
  postbackRead: (orderId: string, change: { accountNumber: string; status: string } | null): Said =>
    change === null
      ? said('done.postback_read', { order_id: orderId, changed: 'no', account: '', status: '' }, `Order ${orderId}: nothing new`)
      : said(
          'done.postback_read',
          { order_id: orderId, changed: 'yes', account: change.accountNumber, status: change.status },
          `Order ${orderId} of ${change.accountNumber}: ${change.status}`,
        ),
};
