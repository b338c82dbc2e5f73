// An expiry's OI through one day in N-minute buckets (the OI chart's intraday view), computed in one pass over
// the day's stored minutes (issue 61: the chart's aggregation kept small on the request loop). A recorded NIFTY
// day is 250+ strikes × 2 × 375 minutes, 190,000 values; the pass before built a map of every contract's OI and
// tried every strike against every other for each bucket's max pain (O(strikes²) a bucket): 1-3 s of the event
// loop for a 1-minute day, in which no order, kill switch or health check was answered. It now keeps each
// contract's held OI and each strike's call and put sums up to date as the minutes come, and finds max pain in
// one walk up the strikes: from K(j-1) to K(j) the holders' payout changes by (K(j) − K(j-1)) × (calls' OI below
// K(j) − puts' OI at or above K(j)), a difference that only grows with j, so the payout falls while it is
// negative and the lowest strike of the least payout is the highest K(j) where it still is (else the lowest
// strike): the strike oi-math.ts's maxPain finds, from sums of OI alone.
//
// The rules are unchanged: a bucket holds each contract's OI at its last stored minute in the bucket; a contract
// without a minute in a bucket keeps its last OI of the day before it (never one from before its first stored
// minute); a bucket in which nothing of the expiry is stored is a gap for every figure; PCR and max pain only
// where every contract of the day has an OI.
import { ratioOf } from './oi-math.ts';
import { contractKey, dayMinuteSources, type ContractDay, type DayEnd, type OiSource } from './oi-store.ts';

type Value = number | null;
export type OiSeries = { strike: number; type: 'CE' | 'PE'; oi: Value[]; change: Value[] };
export type OiIntraday = { minutes: number[]; sources: (OiSource | null)[]; pcr: Value[]; max_pain: Value[]; series: OiSeries[] };

const rupees = (paise: number) => paise / 100;

/** The source a bucket is said to have, as worstSource (oi-store.ts): simulated if any minute was, else the most read (a tie: the first read). */
function bucketSource(counts: Int32Array, order: readonly number[]): OiSource {
  const simulated = dayMinuteSources.indexOf('simulated');
  if ((counts[simulated] as number) > 0) return 'simulated';
  let best = order[0] as number;
  for (const source of order) if ((counts[source] as number) > (counts[best] as number)) best = source;
  return dayMinuteSources[best] as OiSource;
}

/** The buckets of `interval` minutes from the session's open up to the last stored minute, with the charted strikes' OI and change. */
export function intraday(
  contracts: readonly ContractDay[],
  session: { open: number; close: number },
  interval: number,
  strikes: readonly number[],
  previous: DayEnd | undefined,
): OiIntraday {
  const chartedContracts = strikes.flatMap((strike) => (['CE', 'PE'] as const).map((type) => ({ strike, type })));
  const empty = (): OiIntraday => ({ minutes: [], sources: [], pcr: [], max_pain: [], series: chartedContracts.map(({ strike, type }) => ({ strike: rupees(strike), type, oi: [], change: [] })) });
  let last = Number.NEGATIVE_INFINITY;
  for (const contract of contracts) if (contract.minutes.length > 0) last = Math.max(last, contract.minutes[contract.minutes.length - 1] as number);
  if (last === Number.NEGATIVE_INFINITY) return empty();
  const ladder = [...new Set(contracts.map((contract) => contract.strikePaise))].sort((a, b) => a - b);
  const rung = new Map(ladder.map((strike, i) => [strike, i]));
  const strikeOf = contracts.map((contract) => rung.get(contract.strikePaise) as number);
  const held = new Float64Array(contracts.length).fill(Number.NaN);
  const next = new Int32Array(contracts.length);
  const calls = new Float64Array(ladder.length);
  const puts = new Float64Array(ladder.length);
  let totalCalls = 0;
  let totalPuts = 0;
  let heldCount = 0;
  const index = new Map(contracts.map((contract, i) => [contractKey(contract.strikePaise, contract.type), i]));
  const chartedAt = chartedContracts.map(({ strike, type }) => index.get(contractKey(strike, type)) ?? -1);
  const answer: OiIntraday = { ...empty(), series: [] };
  const charted: Value[][] = chartedContracts.map(() => []);
  const counts = new Int32Array(dayMinuteSources.length);
  // Buckets up to the last stored minute: a day still being recorded has no gap after its latest minute.
  for (let start = session.open; start < session.close && start <= last; start += interval) {
    const end = start + interval;
    counts.fill(0);
    const order: number[] = [];
    contracts.forEach((contract, c) => {
      let i = next[c] as number;
      if (i >= contract.minutes.length || (contract.minutes[i] as number) >= end) return;
      for (; i < contract.minutes.length && (contract.minutes[i] as number) < end; i += 1) {
        const source = contract.sources[i] as number;
        if (counts[source] === 0) order.push(source);
        counts[source] = (counts[source] as number) + 1;
      }
      next[c] = i;
      const value = contract.oi[i - 1] as number;
      const before = held[c] as number;
      const delta = Number.isNaN(before) ? value : value - before;
      if (Number.isNaN(before)) heldCount += 1;
      held[c] = value;
      const at = strikeOf[c] as number;
      if (contract.type === 'CE') {
        calls[at] = (calls[at] as number) + delta;
        totalCalls += delta;
      } else {
        puts[at] = (puts[at] as number) + delta;
        totalPuts += delta;
      }
    });
    const gap = order.length === 0;
    const whole = !gap && heldCount === contracts.length;
    answer.minutes.push(start);
    answer.sources.push(gap ? null : bucketSource(counts, order));
    answer.pcr.push(whole ? ratioOf(totalPuts, totalCalls) : null);
    answer.max_pain.push(whole ? painOf(ladder, calls, puts, totalCalls, totalPuts) : null);
    chartedAt.forEach((c, i) => charted[i]?.push(gap || c < 0 || Number.isNaN(held[c] as number) ? null : (held[c] as number)));
  }
  answer.series = chartedContracts.map(({ strike, type }, i) => {
    const oi = charted[i] as Value[];
    const before = previous?.contracts.get(contractKey(strike, type))?.oi;
    return { strike: rupees(strike), type, oi, change: oi.map((value) => (value === null || before === undefined ? null : value - before)) };
  });
  return answer;
}

/** Max pain in rupees by the walk up the strikes (see the top of this file); null when nothing is open. */
function painOf(ladder: readonly number[], calls: Float64Array, puts: Float64Array, totalCalls: number, totalPuts: number): Value {
  if (totalCalls + totalPuts === 0) return null;
  let best = ladder[0] as number;
  let callsBelow = 0;
  let putsBelow = 0;
  for (let j = 0; j < ladder.length; j += 1) {
    if (callsBelow - (totalPuts - putsBelow) < 0) best = ladder[j] as number;
    callsBelow += calls[j] as number;
    putsBelow += puts[j] as number;
  }
  return rupees(best);
}
