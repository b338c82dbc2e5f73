// What approval from the phone says (issue 41), said twice like every trader's text (said.ts): the push and
// the bot's log in the trader's language, the English beside it.
import { deviceText } from '../bots/approvals/device-label.ts';
import { said, type Said } from './said.ts';

export const approvalTexts = {
  proposalTitle: (bot: string): Said => said('approval.proposal_title', { bot }, `${bot} wants to enter: approve?`),
  proposalBody: (legs: number, underlying: string, margin: number, maxLoss: number | null, seconds: number): Said =>
    said(
      'approval.proposal_body',
      { legs, underlying, margin, max_loss: maxLoss ?? 0, unlimited: maxLoss === null ? 'yes' : 'no', seconds },
      `${legs} legs on ${underlying}, margin ₹${margin.toFixed(2)}, max loss ${maxLoss === null ? 'unlimited' : `₹${maxLoss.toFixed(2)}`}. Decide within ${seconds} s.`,
    ),
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
