// Counter-based randomness for the simulated market: a hash of (seed, counter, stream) gives each draw, so
// the same seed, tick number and stream give the same number on every run and every server instance, and
// nothing but the stored state is needed to continue after a restart.

/** 32-bit integer mix (MurmurHash3's finaliser), enough to decorrelate neighbouring counters. */
function mix(value: number): number {
  let h = value | 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A uniform number in (0, 1) for (seed, counter, stream): the same arguments, the same number. */
export function uniform(seed: number, counter: number, stream: number): number {
  // The counter may exceed 2^32 over years of ticks: fold its high part in separately.
  const high = Math.floor(counter / 0x1_0000_0000);
  const h = mix(mix(mix(seed ^ 0x9e3779b9) ^ (counter >>> 0)) ^ mix(high + 0x7f4a7c15) ^ Math.imul(stream + 1, 0x27d4eb2f));
  return (h + 0.5) / 0x1_0000_0000;
}

/** A standard normal draw (Box–Muller on two counter-based uniforms). */
export function normal(seed: number, counter: number, stream: number): number {
  const u1 = uniform(seed, counter, stream * 2);
  const u2 = uniform(seed, counter, stream * 2 + 1);
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/** The seed as a 32-bit integer, from any text (MARKET_SEED) or number. */
export function seedOf(text: string): number {
  let h = 2166136261;
  for (const char of text) h = Math.imul(h ^ char.codePointAt(0)!, 16777619);
  return h >>> 0;
}
