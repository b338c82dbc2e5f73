// The refusals of the kill switch page (turning the switch off without the typed account number, or during
// the cool-off chosen when it was turned on) and of its risk limits (a profit lock set by half), said twice
// like every trader's text (said.ts): the Error answer's English, and a code in `details.text`.
import { istClock, istDate } from '../market/ist.ts';
import { said, type Said } from './said.ts';

export const killSwitchRefusalTexts = {
  confirmationMismatch: (account: string): Said =>
    said('refusal.kill_switch_confirmation', { account }, `Type the account number, ${account}, to turn its kill switch off.`),
  /** `until`: the end of the cool-off; the day travels as an ISO day (the app writes it as a date), the time as IST. */
  coolingOff: (account: string, until: Date): Said =>
    said(
      'refusal.kill_switch_cooling_off',
      { account, day: istDate(until), time: istClock(until) },
      `The kill switch of ${account} can be turned off from ${istDate(until)} ${istClock(until)} IST, the cool-off chosen when it was turned on.`,
    ),
  profitLockHalf: said(
    'refusal.profit_lock_half',
    {},
    'Set the profit lock with both the P&L it starts from and the share of the peak it keeps, or neither.',
  ),
};
