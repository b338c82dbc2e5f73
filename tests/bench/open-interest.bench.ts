/**
 * The chart screens' first open (issue 40: ≤ 5 s on Slow 4G with a 4× slower CPU; issue 61: ≤ 4 s, in fewer round
 * trips, as the index chart, measured beside them), open interest, the strategy
 * premium chart, volatility and participants, at any hour: a signed-in trader opens each with an empty cache and no
 * service worker, DevTools' Slow 4G and 4× CPU slowdown (throttled-lcp.ts), timed from the navigation to the
 * screen's content. Two kinds of day:
 * - a day of NSE's bhavcopy (a full-size synthetic one, 200 NIFTY strikes an expiry, imported first): the OI
 *   profile, the premium chart's day candle of a straddle, and the Participants chart (NSE's participant-wise OI
 *   files of June 2024 to that day, imported first);
 * - the last regular session before today recorded whole, 09:15–15:29 IST, by the server's own recorder on a
 *   stepped clock before the server starts (recorded-minutes.ts; about 750 passes): the intraday views over a full
 *   day of minutes, OI per strike at 1-minute buckets, the straddle's premium in 1-minute candles, and the
 *   volatility screen (ATM IV over that day and its smile: it opens on the latest day with prices).
 * Prints medians (min–max), the requests sent before the chart was drawn, and the load average; a benchmark,
 * not a test.
 *
 *   npm run bench -- open-interest [--runs 3] [--port 5035]
 *   npm run bench -- open-interest --against /tmp/old-dist [--waterfall]
 *       this build and another (a copy of an older dist/, served by this checkout's server) opened in turns,
 *       the other first every second run, so both see the same load on a shared machine; --waterfall prints
 *       each open's requests (start, answer's headers, end, in seconds from the navigation)
 *   npm run bench -- open-interest --bhavcopy-only
 *       no recorded day (its 750 passes take minutes of a core, many more on a loaded machine): the bhavcopy
 *       day's opens, volatility on that day (its smile), participants and the index chart
 *   npm run bench -- open-interest --bhavcopy-only --trace
 *       also each open's main-thread CPU time from the navigation to the content drawn, from Chromium's trace
 *       (the thread's own time: DevTools' 4× slowdown and the machine's load move it far less than the time)
 *   npm run bench -- open-interest --bhavcopy-only --server-times
 *       also each screen's API reads as its opens sent them, timed again from here after the opens (5 times each,
 *       one after another, with the trader's token): the server's own time, without Slow 4G's latency or the page
 *   npm run bench -- open-interest --runs 1 --profile /tmp/opens
 *       also writes each open's CPU profile of the page (DevTools' .cpuprofile, from the navigation to the
 *       content drawn) into that folder: where the throttled main thread's seconds go
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { repoRoot } from '../../server/paths.ts';
import { recordSimulatedMinutes } from '../e2e/support/recorded-minutes.ts';
import { storeSessionToken } from '../e2e/support/session.ts';
import { participantFile } from '../server/history/participant-file.ts';
import { bhavcopy } from './support/bhavcopy-days.ts';
import { CHROME_FLAGS, CHROME_PATH } from './support/lighthouse-runs.ts';
import { buildIfChanged, serve, type Served } from './support/serve.ts';
import { startMainThreadTrace, stopMainThreadTrace, type MainThreadCpu } from './support/main-thread-cpu.ts';
import { spread, table } from './support/stats.ts';
import { CPU_SLOWDOWN, SLOW_4G } from './support/throttled-lcp.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: '0' },
    against: { type: 'string' },
    waterfall: { type: 'boolean', default: false },
    profile: { type: 'string' },
    trace: { type: 'boolean', default: false },
    'server-times': { type: 'boolean', default: false },
    'bhavcopy-only': { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
const demo = { email: 'demo@strikedesk.in', password: 'StrikeDesk@2026' };
const phone = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

async function token(base: string): Promise<string> {
  const response = await fetch(`${base}/api/authenticate/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(demo) });
  return ((await response.json()) as { token: string }).token;
}

/**
 * A request sent again when the connection broke under it: at load 25–33 the bhavcopy's upload ended in EPIPE
 * (sessions 67 and 69), the server's socket closed while the body was still going out.
 */
async function sent(send: () => Promise<Response>): Promise<Response> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await send();
    } catch (error) {
      if (attempt === 4) throw error;
      console.log(`upload failed (${String((error as Error).cause ?? error)}), sending it again`);
      await new Promise((resolve) => setTimeout(resolve, 5000 * attempt));
    }
  }
}

type Request = { url: string; start: number; headers?: number; end?: number; bytes?: number };

function printWaterfall(requests: Request[]): void {
  const at = (seconds?: number) => (seconds === undefined ? '-' : seconds.toFixed(2)).padStart(6);
  for (const request of requests.sort((a, b) => a.start - b.start)) {
    console.log(`  ${at(request.start)} ${at(request.headers)} ${at(request.end)} ${`${((request.bytes ?? 0) / 1024).toFixed(1)} KB`.padStart(9)}  ${request.url.slice(0, 110)}`);
  }
}

async function firstOpen(
  browser: Browser,
  base: string,
  bearer: string,
  path: string,
  drawn: readonly string[],
  profileTo?: string,
): Promise<{ ms: number; bytes: number; requests: Request[]; beforeDrawn: number; cpu?: MainThreadCpu }> {
  const context = await browser.newContext({ ...phone, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.goto(`${base}/auth/login`, { timeout: 120_000 });
    await storeSessionToken(page, bearer);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    let bytes = 0;
    // Each request's times, in seconds from the first (the navigation), for --waterfall.
    const requests = new Map<string, Request>();
    let firstAt: number | null = null;
    cdp.on('Network.requestWillBeSent', (event: { requestId: string; request: { url: string }; timestamp: number }) => {
      firstAt ??= event.timestamp;
      requests.set(event.requestId, { url: event.request.url.replace(base, ''), start: event.timestamp - firstAt });
    });
    cdp.on('Network.responseReceived', (event: { requestId: string; timestamp: number }) => {
      const request = requests.get(event.requestId);
      if (request && firstAt !== null) request.headers = event.timestamp - firstAt;
    });
    cdp.on('Network.loadingFinished', (event: { requestId: string; timestamp: number; encodedDataLength: number }) => {
      bytes += event.encodedDataLength;
      const request = requests.get(event.requestId);
      if (request && firstAt !== null) Object.assign(request, { end: event.timestamp - firstAt, bytes: event.encodedDataLength });
    });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    if (profileTo !== undefined) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
      await cdp.send('Profiler.start');
    }
    if (values.trace) await startMainThreadTrace(browser, page);
    const started = Date.now();
    await page.goto(`${base}${path}`, { waitUntil: 'commit', timeout: 120_000 });
    for (const selector of drawn) await page.locator(selector).first().waitFor({ timeout: 120_000 });
    const ms = Date.now() - started;
    // The round trips the first drawing waited behind: every request sent from the navigation to it. Counted before
    // the trace is stopped: that takes a second or so, and what the page asked for meanwhile came after the drawing.
    const beforeDrawn = requests.size;
    const bytesBeforeDrawn = bytes;
    const cpu = values.trace ? await stopMainThreadTrace(browser) : undefined;
    if (profileTo !== undefined) writeFileSync(profileTo, JSON.stringify((await cdp.send('Profiler.stop')).profile));
    return { ms, bytes: bytesBeforeDrawn, requests: [...requests.values()], beforeDrawn, cpu };
  } finally {
    await context.close();
  }
}

/**
 * Records the last regular weekday session NSE traded before today into the server's database (migrated here
 * first), 09:15 to 15:29 IST; returns its day.
 */
async function recordLastSession(dataDir: string): Promise<string> {
  const { openDatabase } = await import('../../server/db/open-database.ts');
  const { migrate } = await import('../../server/db/migrate.ts');
  const { loadTradingCalendar } = await import('../../server/services/market/calendar-data.ts');
  const { addDays, isTradingDay, isoWeekday } = await import('../../server/services/market/trading-calendar.ts');
  const { istDate } = await import('../../server/services/market/ist.ts');
  const db = await openDatabase({ dataDir });
  try {
    await migrate(db);
    const calendar = await loadTradingCalendar(db, 'NSE');
    let day = addDays(istDate(new Date()), -1);
    while (!(isTradingDay(calendar, day) && isoWeekday(day) <= 5 && !calendar.specialSessions.has(day))) day = addDays(day, -1);
    const started = Date.now();
    await recordSimulatedMinutes(db, Date.parse(`${day}T09:15:00+05:30`), Date.parse(`${day}T15:29:00+05:30`));
    console.log(`Recorded ${day} 09:15–15:29 IST in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return day;
  } finally {
    await db.close();
  }
}

/** The recorded day's opens: OI per strike at 1 minute, the ATM straddle's premium in 1-minute candles, volatility. */
async function recordedDayOpens(url: string, bearer: string, recorded: string): Promise<[string, string, string[]][]> {
  // The recorded day's ATM straddle at 09:15, the nearest expiry (the volatility screen's own first read).
  const ivRead = await fetch(`${url}/api/market-history/iv/day/?index=NIFTY&day=${recorded}`, { headers: { authorization: `Bearer ${bearer}` } });
  const ivDay = (await ivRead.json()) as { expiry: string | null; strike: (number | null)[] };
  const atm = ivDay.strike.find((strike) => strike !== null);
  if (ivDay.expiry === null || atm === undefined) throw new Error(`the recorded day ${recorded} has no ATM strike`);
  const recordedStraddle = `NIFTY:${ivDay.expiry}:${atm}:CE:S:1,NIFTY:${ivDay.expiry}:${atm}:PE:S:1`;
  return [
    [`recorded day (${recorded}), OI per strike, 1-minute`, `/app/open_interest?index=NIFTY&day=${recorded}&interval=1`, ['[data-testid="oi-strikes-chart"] canvas']],
    [`premium chart, ATM straddle, recorded day (${recorded}), 1-minute`, `/app/premium?legs=${encodeURIComponent(recordedStraddle)}&from=${recorded}&interval=1m`, ['[data-testid="premium-chart"] canvas']],
    [`volatility, recorded day (${recorded}), ATM IV over the day and smile`, '/app/volatility?index=NIFTY', ['[data-testid="iv-day-chart"] canvas', '[data-testid="iv-smile-chart"] canvas']],
  ];
}

/**
 * The server's time for each screen's reads (issue 61: where the data is): each read its opens sent, asked for again
 * from here 5 times in a row with the trader's token, from the request to the end of the answer's body.
 */
async function printServerTimes(base: string, bearer: string, readsOf: ReadonlyMap<string, ReadonlySet<string>>): Promise<void> {
  const rows: string[][] = [];
  for (const [label, urls] of readsOf) {
    for (const url of urls) {
      const times: number[] = [];
      let status = 0;
      for (let time = 0; time < 5; time += 1) {
        const started = performance.now();
        const response = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${bearer}` } });
        await response.arrayBuffer();
        status = response.status;
        times.push(performance.now() - started);
      }
      const s = spread(times);
      rows.push([label, url.replace(/\?.*$/, ''), String(status), `${Math.round(s.median)} ms (${Math.round(s.min)}–${Math.round(s.max)} ms)`]);
    }
  }
  console.log(table(['screen', 'its read', 'status', 'server time, 5 in a row: median (min–max)'], rows));
  console.log(`load average (1 min) after: ${(loadavg()[0] ?? 0).toFixed(1)}`);
}

async function main(): Promise<void> {
  await buildIfChanged();
  let recorded = '';
  const bhavcopyOnly = values['bhavcopy-only'];
  const recordDay = bhavcopyOnly
    ? undefined
    : async (dataDir: string) => {
        recorded = await recordLastSession(dataDir);
      };
  const served = await serve(repoRoot, join(repoRoot, 'dist'), Number(values.port), recordDay);
  // The other build, served by this checkout's server (started after the first: two starts at once can time out on a loaded machine).
  let other: Served | null = null;
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS.filter((flag) => !flag.startsWith('--headless')) });
  try {
    if (values.against !== undefined) other = await serve(repoRoot, values.against, values.port === '0' ? 0 : Number(values.port) + 1, recordDay);
    const builds = [{ label: 'this build', url: served.url, bearer: await token(served.url) }];
    if (other !== null) builds.push({ label: values.against!, url: other.url, bearer: await token(other.url) });
    const { bearer } = builds[0]!;
    const day = '2024-07-02';
    // Each server its own throw-away database: the same day imported into each.
    let participantFiles = 0;
    for (const build of builds) {
      const upload = await sent(() =>
        fetch(`${build.url}/api/market-history/imports/?file_name=BhavCopy_NSE_FO_0_0_0_20240702_F_0000.csv`, {
          method: 'POST',
          headers: { authorization: `Bearer ${build.bearer}`, 'content-type': 'text/csv' },
          body: new Uint8Array(bhavcopy(day, 1)),
        }),
      );
      if (!upload.ok) throw new Error(`the bhavcopy was refused: ${await upload.text()}`);
      // The Participants chart: NSE's participant-wise OI for the weekdays of June 2024 to that day (22 weekdays).
      for (let at = Date.parse('2024-06-03'); at <= Date.parse(day); at += 86_400_000) {
        if ([0, 6].includes(new Date(at).getUTCDay())) continue;
        const file = participantFile(new Date(at).toISOString().slice(0, 10));
        const imported = await fetch(`${build.url}/api/market-history/imports/?file_name=${file.name}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${build.bearer}`, 'content-type': 'text/csv' },
          body: file.text,
        });
        // A day NSE did not trade (17 June 2024) is refused: the chart shows it as a gap.
        if (imported.ok) participantFiles += 1;
      }
    }
    if (participantFiles === 0) throw new Error('no participant file was imported');
    console.log(`Participant files imported: ${participantFiles / builds.length} a build`);
    // The bhavcopy day's charts: NIFTY's nearest expiry's 24,300 straddle (day candles, the bhavcopy's settlements).
    const straddle = 'NIFTY:2024-07-04:24300:CE:S:1,NIFTY:2024-07-04:24300:PE:S:1';
    const recordedOpens = bhavcopyOnly ? [] : await recordedDayOpens(served.url, bearer, recorded);
    const opens: [string, string, string[]][] = [
      [`bhavcopy day (${day}), profile`, `/app/open_interest?index=NIFTY&day=${day}`, ['[data-testid="oi-profile"]']],
      [`premium chart, straddle, bhavcopy day (${day}), day candle`, `/app/premium?legs=${encodeURIComponent(straddle)}&from=${day}&interval=1d`, ['[data-testid="premium-chart"] canvas']],
      ['participants, June 2024 to 2 July, chart', '/app/participants', ['[data-testid="participants-chart"] canvas']],
      ...recordedOpens,
      ...(bhavcopyOnly ? [[`volatility, bhavcopy day (${day}), smile`, '/app/volatility?index=NIFTY', ['[data-testid="iv-smile-chart"] canvas']] as [string, string, string[]]] : []),
      // The index chart, for reference (issue 61: the options charts should open as it does).
      ['index chart (tv_chart, NIFTY, daily candles)', '/app/tv_chart?index=NIFTY&interval=1D', ['[data-testid="candle-chart"][aria-busy="false"] canvas']],
    ];
    const rows: string[][] = [];
    const load: number[] = [loadavg()[0] ?? 0];
    // Each screen's API reads as its opens sent them, for --server-times.
    const readsOf = new Map<string, Set<string>>();
    for (const [label, path, drawn] of opens) {
      const measured = new Map(builds.map((build) => [build.label, { times: [] as number[], bytes: [] as number[], data: [] as number[], requests: [] as number[], cpu: [] as number[] }]));
      for (let run = 0; run < runs; run += 1) {
        // In turns, the other build first every second run, so neither always goes first.
        for (const build of run % 2 === 0 ? builds : [...builds].reverse()) {
          let profileTo: string | undefined;
          if (values.profile !== undefined) {
            mkdirSync(values.profile, { recursive: true });
            profileTo = join(values.profile, `${label.replace(/[^a-z0-9]+/gi, '-')}-${builds.indexOf(build)}-${run + 1}.cpuprofile`);
          }
          // An open that never draws (a screen with nothing to draw on the machine's data) is said and skipped, so
          // the other screens' figures are not lost with it.
          let result: Awaited<ReturnType<typeof firstOpen>>;
          try {
            result = await firstOpen(browser, build.url, build.bearer, path, drawn, profileTo);
          } catch (error) {
            console.log(`${label} (${build.label}), run ${run + 1}: not drawn (${(error as Error).message.split('\n')[0]})`);
            continue;
          }
          const entry = measured.get(build.label)!;
          entry.times.push(result.ms);
          entry.bytes.push(result.bytes);
          entry.requests.push(result.beforeDrawn);
          if (result.cpu !== undefined) entry.cpu.push(result.cpu.cpuMs);
          // The chart's own reads on the wire (compressed, with headers): issue 40's goal is ≤ 50 KB gzip a day.
          entry.data.push(result.requests.filter((request) => request.url.startsWith('/api/market-history/')).reduce((sum, request) => sum + (request.bytes ?? 0), 0));
          const reads = readsOf.get(label) ?? new Set<string>();
          for (const request of result.requests) if (request.url.startsWith('/api/market-history/')) reads.add(request.url);
          readsOf.set(label, reads);
          load.push(loadavg()[0] ?? 0);
          // Each open's line as it comes (a long run on a shared machine may be stopped before its table).
          const cpuText = result.cpu === undefined ? '' : `, main thread ${Math.round(result.cpu.cpuMs)} ms CPU (${Math.round(result.cpu.wallMs)} ms busy)`;
          console.log(`${label} (${build.label}), run ${run + 1}: ${(result.ms / 1000).toFixed(2)} s${cpuText}, load average ${(loadavg()[0] ?? 0).toFixed(1)}`);
          if (values.waterfall) printWaterfall(result.requests);
        }
      }
      for (const [build, { times, bytes, data, requests, cpu }] of measured) {
        const s = spread(times);
        const runsText = times.map((ms) => (ms / 1000).toFixed(2)).join(' / ');
        rows.push([
          builds.length > 1 ? `${label} (${build})` : label,
          String(spread(requests).median),
          `${(spread(bytes).median / 1000).toFixed(1)} KB`,
          `${(spread(data).median / 1000).toFixed(1)} KB`,
          ...(values.trace ? [`${Math.round(spread(cpu).median)} ms (${cpu.map(Math.round).join(' / ')})`] : []),
          `${(s.median / 1000).toFixed(2)} s (${(s.min / 1000).toFixed(2)}–${(s.max / 1000).toFixed(2)} s)`,
          runsText,
          '≤ 4 s',
        ]);
      }
    }
    console.log(table(['first open, Slow 4G + 4× CPU', 'requests before drawn', 'transferred', 'its data reads', ...(values.trace ? ['main-thread CPU to drawn'] : []), 'median (min–max)', 'runs in order', 'goal'], rows));
    console.log(`load average (1 min) during the runs: ${Math.min(...load).toFixed(1)}–${Math.max(...load).toFixed(1)} on ${runs} runs each`);
    if (values['server-times']) await printServerTimes(builds[0]!.url, bearer, readsOf);
  } finally {
    await browser.close();
    await served.stop();
    await other?.stop();
  }
}

await main();
