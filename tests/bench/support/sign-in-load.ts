/**
 * The sign-in bench's clients, each in a process of its own so the server under test keeps its event
 * loop (see sign-in-flood.bench.ts). Reads one job as JSON on stdin and prints its result on stdout.
 *
 *  - `flood`: failed sign-ins, `concurrency` at a time for `seconds`, each from its own loopback source
 *    address (127.0.0.0/8 is all local on Linux) spread over `networks` /24s: mostly unknown emails,
 *    some wrong passwords at real accounts.
 *  - `probe`: a trader signing in every `intervalMs` from a known device (it sends back the device
 *    cookie it was given, as a browser does) and, side by side, from a new one, each retrying after 429
 *    and 503 as Retry-After says, as a patient client would; each sign-in is timed from its first try.
 */
import { request } from 'node:http';
import { text } from 'node:stream/consumers';
import { setTimeout as sleep } from 'node:timers/promises';

export type FloodJob = {
  role: 'flood';
  url: string;
  concurrency: number;
  seconds: number;
  maxRequests: number;
  networks: number;
  /** Made-up emails are `ghost-<tag>-<n>`: a flood of its own never repeats another's. */
  tag: string;
  /** Real accounts some guesses go to (they take real hashes), and which share of guesses. */
  realEmails: string[];
  realShare: number;
};
/** Answers counted by status, for made-up emails and for real accounts apart. */
export type FloodResult = { sent: number; seconds: number; statuses: Record<'made-up' | 'real', Record<string, number>> };

export type ProbeJob = {
  role: 'probe';
  url: string;
  seconds: number;
  startAfterMs: number;
  intervalMs: number;
  giveUpMs: number;
  email: string;
  password: string;
  /** `name=value` of the known device's cookie. */
  cookie: string;
};
export type SignInSample = { ms: number; tries: number; signedIn: boolean };
export type ProbeResult = { known: SignInSample[]; fresh: SignInSample[] };

type Answer = { status: number; retryAfter: number; setCookie: string | undefined };

function post(url: URL, body: string, localAddress: string, cookie?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) };
    if (cookie !== undefined) headers.cookie = cookie;
    // A connection of its own from its own source address: a pooled one would keep the first address.
    const sent = request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers, localAddress, agent: false }, (response) => {
      response.resume();
      response.on('end', () => {
        const cookieHeader = response.headers['set-cookie']?.[0];
        resolve({ status: response.statusCode ?? 0, retryAfter: Number(response.headers['retry-after'] ?? 1), setCookie: cookieHeader });
      });
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

async function flood(job: FloodJob): Promise<FloodResult> {
  const url = new URL(job.url);
  const statuses: FloodResult['statuses'] = { 'made-up': {}, real: {} };
  const started = performance.now();
  const until = started + job.seconds * 1000;
  let next = 0;
  await Promise.all(
    Array.from({ length: job.concurrency }, async () => {
      for (let i = next++; i < job.maxRequests && performance.now() < until; i = next++) {
        const network = i % job.networks;
        const address = `127.${1 + (network >> 8)}.${network & 255}.${1 + (Math.floor(i / job.networks) % 250)}`;
        const real = job.realEmails.length > 0 && i % Math.round(1 / job.realShare) === 0;
        const email = real ? job.realEmails[i % job.realEmails.length] : `ghost-${job.tag}-${i}@flood.example`;
        const answer = await post(url, JSON.stringify({ email, password: `guess-${i}-wrong` }), address).catch(() => ({ status: 0 }));
        const tally = statuses[real ? 'real' : 'made-up'];
        tally[answer.status] = (tally[answer.status] ?? 0) + 1;
      }
    }),
  );
  const sent = [...Object.values(statuses['made-up']), ...Object.values(statuses.real)].reduce((sum, count) => sum + count, 0);
  return { sent, seconds: (performance.now() - started) / 1000, statuses };
}

async function signIn(url: URL, job: ProbeJob, address: string, cookie: string | undefined): Promise<SignInSample & { cookie: string | undefined }> {
  const started = performance.now();
  const body = JSON.stringify({ email: job.email, password: job.password });
  for (let tries = 1; ; tries++) {
    const answer = await post(url, body, address, cookie);
    const ms = performance.now() - started;
    if (answer.status === 200) return { ms, tries, signedIn: true, cookie: answer.setCookie?.split(';')[0] };
    if ((answer.status !== 429 && answer.status !== 503) || ms + answer.retryAfter * 1000 > job.giveUpMs) return { ms, tries, signedIn: false, cookie };
    await sleep(answer.retryAfter * 1000);
  }
}

/** One device signing in every `intervalMs` until the time is up; a known one keeps the cookie it is given. */
async function probeLoop(job: ProbeJob, address: string, known: boolean): Promise<SignInSample[]> {
  const url = new URL(job.url);
  const samples: SignInSample[] = [];
  const until = performance.now() + job.seconds * 1000;
  let cookie: string | undefined = known ? job.cookie : undefined;
  while (performance.now() < until) {
    const tickAt = performance.now() + job.intervalMs;
    const { cookie: given, ...sample } = await signIn(url, job, address, cookie);
    if (known) cookie = given ?? cookie;
    samples.push(sample);
    await sleep(Math.max(0, tickAt - performance.now()));
  }
  return samples;
}

async function probe(job: ProbeJob): Promise<ProbeResult> {
  await sleep(job.startAfterMs);
  const [known, fresh] = await Promise.all([probeLoop(job, '127.0.0.1', true), probeLoop(job, '127.0.0.2', false)]);
  return { known, fresh };
}

const job = JSON.parse(await text(process.stdin)) as FloodJob | ProbeJob;
process.stdout.write(JSON.stringify(job.role === 'flood' ? await flood(job) : await probe(job)));
