// The OI chart's intraday buckets in one pass (oi-intraday.ts, issue 61) against the computation it replaced, kept
// here as the reference: a map of every contract's held OI a bucket, PCR and max pain from oi-math.ts (max pain by
// trying every strike against every other), the source by worstSource. Random days with gaps, minutes before the
// open and after the close, contracts that start late, minutes of several sources, simulated ones among them, and ties in
// max pain's payout; every figure must be the same. A recorded-size day is timed too: it must stay small.
import { describe, expect, it } from 'vitest';
import { intraday } from '../../../server/services/open-interest/oi-intraday.ts';
import { maxPain, putCallRatio, type StrikeOi } from '../../../server/services/open-interest/oi-math.ts';
import { contractKey, dayMinuteSources, minuteRank, worstSource, type ContractDay, type OiSource } from '../../../server/services/open-interest/oi-store.ts';

type Minute = { oi: number; source: Exclude<OiSource, 'bhavcopy'> };
type Reference = { strikePaise: number; type: 'CE' | 'PE'; minutes: Map<number, Minute> };

/** The pass before issue 61, as it was in oi-charts.ts (less the previous day's change, computed alike in both). */
function referenceIntraday(contracts: readonly Reference[], session: { open: number; close: number }, interval: number, strikes: readonly number[]) {
  let last = Number.NEGATIVE_INFINITY;
  for (const contract of contracts) for (const minute of contract.minutes.keys()) if (minute > last) last = minute;
  const minutes: number[] = [];
  for (let start = session.open; start < session.close && start <= last; start += interval) minutes.push(start);
  const ordered = contracts.map((contract) => ({ contract, times: [...contract.minutes.keys()].sort((a, b) => a - b), next: 0, held: null as Minute | null }));
  const strikeOis = (values: Map<string, { strikePaise: number; type: 'CE' | 'PE'; oi: number }>): StrikeOi[] => {
    const by = new Map<number, StrikeOi>();
    for (const value of values.values()) {
      const strike = by.get(value.strikePaise) ?? { strikePaise: value.strikePaise, callOi: 0, putOi: 0 };
      if (value.type === 'CE') strike.callOi = value.oi;
      else strike.putOi = value.oi;
      by.set(value.strikePaise, strike);
    }
    return [...by.values()].sort((a, b) => a.strikePaise - b.strikePaise);
  };
  const out = { minutes, sources: [] as (OiSource | null)[], pcr: [] as (number | null)[], max_pain: [] as (number | null)[], oi: strikes.flatMap(() => [[], []] as (number | null)[][]) };
  for (const start of minutes) {
    const now = new Map<string, { strikePaise: number; type: 'CE' | 'PE'; oi: number }>();
    const read: OiSource[] = [];
    for (const entry of ordered) {
      while (entry.next < entry.times.length && (entry.times[entry.next] as number) < start + interval) {
        entry.held = entry.contract.minutes.get(entry.times[entry.next] as number) as Minute;
        read.push(entry.held.source);
        entry.next += 1;
      }
      if (entry.held !== null) now.set(contractKey(entry.contract.strikePaise, entry.contract.type), { ...entry.contract, oi: entry.held.oi });
    }
    const gap = read.length === 0;
    const whole = !gap && now.size === contracts.length;
    out.sources.push(gap ? null : worstSource(read));
    out.pcr.push(whole ? putCallRatio(strikeOis(now)) : null);
    const pain = whole ? maxPain(strikeOis(now)) : null;
    out.max_pain.push(pain === null ? null : pain / 100);
    strikes.forEach((strike, i) => (['CE', 'PE'] as const).forEach((type, j) => out.oi[i * 2 + j]?.push(gap ? null : (now.get(contractKey(strike, type))?.oi ?? null))));
  }
  return out;
}

/** A seeded generator, so a failure can be run again. */
function random(seed: number) {
  let state = seed;
  return () => ((state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
}

/** The same day as the store gives it (columns, the better source's minute where two hold one) and as the reference read it. */
function randomDay(seed: number, strikes: number, roundOi: boolean): { columns: ContractDay[]; reference: Reference[]; ladder: number[] } {
  const next = random(seed);
  const ladder = Array.from({ length: strikes }, (_, i) => 2_400_000 + i * 5_000);
  const reference: Reference[] = [];
  for (const strikePaise of ladder) {
    for (const type of ['CE', 'PE'] as const) {
      const minutes = new Map<number, Minute>();
      const first = 550 + Math.floor(next() * 40);
      for (let minute = first; minute < 935; minute += 1) {
        if (next() < 0.3) continue;
        const source: Minute['source'] = next() < 0.05 ? 'simulated' : next() < 0.5 ? 'recorded' : 'kite';
        // Round figures make equal payouts at two strikes (max pain's tie: the lower strike).
        const oi = roundOi ? Math.floor(next() * 4) * 1000 : Math.floor(next() * 5_000_000);
        const held = minutes.get(minute);
        if (held === undefined || minuteRank[source] < minuteRank[held.source]) minutes.set(minute, { oi, source });
      }
      if (minutes.size > 0) reference.push({ strikePaise, type, minutes });
    }
  }
  const columns = reference.map((contract): ContractDay => {
    const times = [...contract.minutes.keys()].sort((a, b) => a - b);
    return {
      strikePaise: contract.strikePaise,
      type: contract.type,
      minutes: Int32Array.from(times),
      oi: Float64Array.from(times, (time) => (contract.minutes.get(time) as Minute).oi),
      sources: Uint8Array.from(times, (time) => dayMinuteSources.indexOf((contract.minutes.get(time) as Minute).source)),
    };
  });
  return { columns, reference, ladder };
}

const session = { open: 555, close: 930 };

describe('the OI chart through a day, in one pass', () => {
  it.each([
    [1, 1, 12, false],
    [2, 5, 12, false],
    [3, 15, 30, false],
    [4, 1, 6, true],
    [5, 3, 9, true],
    [6, 60, 20, true],
  ])('gives every figure the pass before gave (seed %i, %i-minute buckets, %i strikes, round OI %s)', (seed, interval, strikes, roundOi) => {
    const { columns, reference, ladder } = randomDay(seed, strikes, roundOi);
    const charted = [ladder[0] as number, ladder[Math.floor(strikes / 2)] as number];
    const answer = intraday(columns, session, interval, charted, undefined);
    const expected = referenceIntraday(reference, session, interval, charted);
    expect(answer.minutes).toEqual(expected.minutes);
    expect(answer.sources).toEqual(expected.sources);
    expect(answer.pcr).toEqual(expected.pcr);
    expect(answer.max_pain).toEqual(expected.max_pain);
    expect(answer.series.map((series) => series.oi)).toEqual(expected.oi);
    // Some buckets have every figure, or the comparison says little.
    expect(answer.max_pain.some((pain) => pain !== null)).toBe(true);
  });

  it('keeps a recorded-size day (250 strikes, calls and puts, 375 minutes) small on the request loop', () => {
    const { columns } = randomDay(7, 250, false);
    const started = performance.now();
    const answer = intraday(columns, session, 1, [2_500_000], undefined);
    const ms = performance.now() - started;
    expect(answer.minutes).toHaveLength(375);
    console.info(`intraday pass over ${columns.reduce((sum, contract) => sum + contract.minutes.length, 0)} contract-minutes: ${ms.toFixed(1)} ms`);
    // The pass before took 1-3 s for such a day; this one a few tens of ms even on a loaded machine.
    expect(ms).toBeLessThan(500);
  });
});
