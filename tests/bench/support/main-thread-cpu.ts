/**
 * The page's main-thread CPU time over a stretch, from Chromium's trace (issue 61: on a loaded machine timed opens
 * move by seconds with the load; a thread's CPU time moves far less). Each top-level task on the renderer's main
 * thread carries its thread time (`tdur`, CPU the thread itself used, without the pauses of DevTools' CPU slowdown
 * or of other processes running); their sum is what the page's own work cost, unthrottled.
 */
import type { Browser, Page } from '@playwright/test';

type TraceEvent = { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number; args?: { name?: string } };

export type MainThreadCpu = {
  /** Thread time of every top-level task on the busiest renderer main thread, ms. */
  cpuMs: number;
  /** The same tasks' wall time (throttling and the machine's load included), ms. */
  wallMs: number;
  /** Tasks counted. */
  tasks: number;
};

export async function startMainThreadTrace(browser: Browser, page: Page): Promise<void> {
  // `toplevel` gives each task (RunTask) with its thread time; nothing heavier (no screenshots, no JS sampling).
  await browser.startTracing(page, { categories: ['toplevel', 'disabled-by-default-devtools.timeline'], screenshots: false });
}

/** Ends the trace and sums it; the renderer is the main thread with the most CPU (a context's only page). */
export async function stopMainThreadTrace(browser: Browser): Promise<MainThreadCpu> {
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
  const mainThreads = new Set(
    trace.traceEvents.filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain').map((event) => `${event.pid}:${event.tid}`),
  );
  const byThread = new Map<string, MainThreadCpu>();
  for (const event of trace.traceEvents) {
    if (event.ph !== 'X' || event.name !== 'RunTask') continue;
    const key = `${event.pid}:${event.tid}`;
    if (!mainThreads.has(key)) continue;
    const sum = byThread.get(key) ?? { cpuMs: 0, wallMs: 0, tasks: 0 };
    sum.cpuMs += (event.tdur ?? 0) / 1000;
    sum.wallMs += (event.dur ?? 0) / 1000;
    sum.tasks += 1;
    byThread.set(key, sum);
  }
  const busiest = [...byThread.values()].sort((a, b) => b.cpuMs - a.cpuMs)[0];
  if (busiest === undefined) throw new Error('the trace has no task on a renderer main thread');
  return busiest;
}
