// The idempotency key of a bot action, also the tag of every order it places. Kite's tags are at most 20
// characters, so the key is compact: B, the kind (D daily, T trading), the bot id, the IST date (yymmdd),
// the action's letter and its sequence, and the attempt when an exit is retried: "BD42-261123-E1",
// "BT7-261123-X1.2". A per-leg stop adds the leg's letter (its place among the position's legs, a for the
// first): "BD42-261123-G1b". Unique per bot, day, action, sequence, leg and attempt, which is what the unique
// row is.
import type { components } from '../../../../openapi/main.d.ts';

export type BotKind = components['schemas']['BotKind'];
export type BotActionName = components['schemas']['BotActionName'];

const letters: Record<BotActionName, string> = {
  enter: 'E',
  re_enter: 'R',
  exit: 'X',
  stop_loss: 'S',
  target: 'T',
  trailing_stop: 'L',
  leg_stop_loss: 'G',
  signal_exit: 'V',
  pause_exit: 'P',
  condition_exit: 'C',
};

/** `leg`: the stopped leg's place among the position's legs (0 for a), for a per-leg stop. */
export function actionKey(kind: BotKind, botId: number, day: string, action: BotActionName, sequence: number, attempt = 1, leg: number | null = null): string {
  const legLetter = leg === null ? '' : String.fromCharCode(97 + leg);
  const key = `B${kind === 'daily' ? 'D' : 'T'}${botId}-${day.slice(2).replaceAll('-', '')}-${letters[action]}${sequence}${legLetter}${attempt > 1 ? `.${attempt}` : ''}`;
  if (key.length > 20) throw new Error(`bot action key ${key} is longer than Kite's 20-character tag`);
  return key;
}
