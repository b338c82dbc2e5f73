// Where an account's next orders fit under a broker's per-second limit (Kite: 10 orders in any second, by
// its own timestamps), as plain functions of the send times already admitted (order_sends, epoch ms),
// reservations ahead of now included. A window is a sliding span of `ms` milliseconds that may hold at most
// `limit` sends: a second for a broker that stamps an order when its send is admitted (the paper broker), a
// second and a margin for one that stamps it on arrival (Kite: the network can bunch arrivals that left a
// second apart).
//
// `count` sends at instant t break the window when some span of `ms` holding t also holds `limit - count + 1`
// sends already admitted; among sorted times, that is some run of that many consecutive sends whose span,
// with t, is under `ms`. Each run forbids the open interval (last - ms, first + ms), so the earliest instant
// that fits is `now` or the end of such an interval: some send's time plus `ms`.

export type SendWindow = { ms: number; limit: number };

/** Whether `count` more sends at `at` keep every span of `window.ms` at or under `window.limit`. */
export function fitsAt(times: readonly number[], count: number, at: number, window: SendWindow): boolean {
  const run = window.limit - count + 1;
  if (run <= 0) return false;
  for (let first = 0; first + run - 1 < times.length; first++) {
    const last = first + run - 1;
    if (Math.max(times[last]!, at) - Math.min(times[first]!, at) < window.ms) return false;
  }
  return true;
}

/** How many sends, up to `wanted`, fit at `at`. */
export function roomAt(times: readonly number[], wanted: number, at: number, window: SendWindow): number {
  let room = 0;
  while (room < wanted && fitsAt(times, room + 1, at, window)) room += 1;
  return room;
}

/** The earliest instant from `now` at which `count` sends fit (`count` at most the window's limit). */
export function earliestFit(times: readonly number[], count: number, now: number, window: SendWindow): number {
  if (count > window.limit) throw new RangeError(`${count} sends never fit a window of ${window.limit}`);
  const candidates = [now, ...times.map((time) => time + window.ms).filter((time) => time > now)].sort((a, b) => a - b);
  // The last send's time plus the window is always free: the loop ends there at the latest.
  return candidates.find((at) => fitsAt(times, count, at, window)) ?? now;
}

/** `times` with `count` sends added at `at`, still sorted. */
export function withSends(times: readonly number[], count: number, at: number): number[] {
  return [...times, ...Array<number>(count).fill(at)].sort((a, b) => a - b);
}
