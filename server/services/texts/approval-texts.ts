// What approval from the phone says (issue 41), said twice like every trader's text (said.ts): the push and
// the bot's log in the trader's language, the English beside it.
import { deviceText } from '../bots/approvals/device-label.ts';
import { said, type Said } from './said.ts';

export const approvalTexts = {
  proposalTitle: (bot: string): Said => said('approval.proposal_title', { bot }, `${bot} wants to enter: approve?`),
  /**
   * The push's body: each leg as it would be placed ("Sell 65 NIFTY26D0126000CE at ₹100.00"), then the margin
   * and the worst loss, each said unknown when the broker or the contracts could not say (never ₹0), and the
   * time to decide. The legs travel as a chain of coded texts (each leg's `more` is the next), so the worker
   * and the app say every one in the trader's language.
   */
  proposalLegsBody: (legs: ReadonlyArray<{ side: 'BUY' | 'SELL'; quantity: number; tradingsymbol: string; price: number }>, margin: number | null, maxLoss: number | 'unlimited' | null, seconds: number): Said => {
    const chain = legs.reduceRight<Said | null>(
      (more, leg) =>
        said(
          'approval.proposal_leg',
          { side: leg.side, quantity: leg.quantity, tradingsymbol: leg.tradingsymbol, price: leg.price, more: more?.i18n ?? 'none' },
          `${leg.side === 'BUY' ? 'Buy' : 'Sell'} ${leg.quantity} ${leg.tradingsymbol} at ₹${leg.price.toFixed(2)}${more === null ? '' : `, ${more.text}`}`,
        ),
      null,
    );
    const loss = maxLoss === 'unlimited' ? 'unlimited' : maxLoss === null ? 'unknown' : 'known';
    return said(
      'approval.proposal_legs_body',
      { legs: chain?.i18n ?? 'none', margin: margin ?? 0, margin_known: margin === null ? 'no' : 'yes', loss, max_loss: typeof maxLoss === 'number' ? maxLoss : 0, seconds },
      `${chain?.text ?? ''}. Margin ${margin === null ? 'not known' : `₹${margin.toFixed(2)}`}, max loss ${loss === 'known' ? `₹${(maxLoss as number).toFixed(2)}` : loss === 'unlimited' ? 'unlimited' : 'not known'}. Decide within ${seconds} s.`,
    );
  },
  awaiting: (seconds: number): Said =>
    said('approval.awaiting', { seconds }, `Entry proposed: waiting for your approval in Approvals (${seconds} s to decide).`),
  expired: (seconds: number): Said => said('approval.expired', { seconds }, `Not approved within ${seconds} s: entry skipped.`),
  rejected: (device: string): Said => said('approval.rejected', { device: deviceText(device) }, `Rejected from ${device}: entry skipped.`),
  priceMoved: (tradingsymbol: string, from: number, to: number, tolerance: number): Said =>
    said(
      'approval.price_moved',
      { tradingsymbol, from, to, tolerance },
      `${tradingsymbol} moved from ₹${from.toFixed(2)} to ₹${to.toFixed(2)}, beyond the ${tolerance} % tolerance: entry skipped.`,
    ),
  noPrice: (tradingsymbol: string): Said => said('approval.no_price', { tradingsymbol }, `No price of ${tradingsymbol} now: entry skipped.`),
  decided: (status: string): Said => said('approval.decided', { status }, `This proposal is ${status} already: nothing placed.`),
  botNotActive: said('approval.bot_not_active', {}, 'The bot is no longer active or its position changed: entry skipped.'),
  approved: (device: string): Said => said('approval.approved', { device: deviceText(device) }, `Approved from ${device}.`),
  approveAction: said('push.approve', {}, 'Approve'),
  rejectAction: said('push.reject', {}, 'Reject'),
};
