/** The server's limit (openapi BrokerCandlesFetch.options.strikes): at most 40 strikes a fetch. */
export const maxStrikes = 40;

export type StrikeRange = { strikes: number[] } | { problem: 'incomplete' | 'order' | 'too_many' };

/**
 * The strikes from `low` to `high` (rupees, both included) every `step`: what an option fetch asks for. Text
 * as typed; empty or not a positive number is incomplete. Strikes are whole multiples of the step from `low`.
 */
export function strikesBetween(low: string, high: string, step: string): StrikeRange {
  const [from, to, every] = [Number(low), Number(high), Number(step)];
  if ([low, high, step].some((text) => text.trim() === '') || ![from, to, every].every((value) => Number.isFinite(value) && value > 0)) return { problem: 'incomplete' };
  if (from > to) return { problem: 'order' };
  const count = Math.floor((to - from) / every) + 1;
  if (count > maxStrikes) return { problem: 'too_many' };
  return { strikes: Array.from({ length: count }, (_, index) => from + index * every) };
}
