// Refusals of doing something again too soon (too many attempts at a password or a broker login, every
// password check taken, too many live price streams), said twice like every trader's text (said.ts).
import { said, type Said } from './said.ts';

export const throttleTexts = {
  /** The wait in seconds under a minute, else in whole minutes (rounded up). */
  tooManyAttempts: (seconds: number): Said => {
    const minutes = Math.ceil(seconds / 60);
    const unit = seconds < 60 ? 'seconds' : 'minutes';
    const wait = seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
    return said('refusal.too_many_attempts', { unit, seconds, minutes }, `Too many attempts. Try again in ${wait}.`);
  },
  serverBusy: said('refusal.server_busy', {}, 'The server is busy checking other passwords. Try again in a second.'),
  tooManyStreams: (limit: number): Said =>
    said('refusal.too_many_streams', { limit }, `At most ${limit} live price streams may be open at once: close another tab or screen first.`),
};
