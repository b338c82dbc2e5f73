/**
 * Groups the signed-in app's many small shared chunks into a few files (issue 24: the chart's first open).
 *
 * Left to itself the bundler makes one chunk per set of screens sharing a module: the app shell alone came
 * in 29 files and a chart screen in 11 more, most under 1 KB. Over HTTP/1.1 a browser opens six connections
 * to an origin, so on a slow phone network those 40 requests went out in about seven rounds of one latency
 * each (0.56 s on DevTools' Slow 4G) before the screen could even ask for its bars.
 *
 * A module goes into a named group only when every chunk that could load it is loaded with that group
 * anyway, so no page downloads code it would not have downloaded before:
 * - `app-shell`: what the signed-in shell imports statically, and the app's router with its route table
 *   (the public pages of a first visit run without it). Every signed-in screen renders inside the shell, and
 *   the router is loaded only to show one: after sign-in, or on an open of a signed-in address.
 * - `shell-shared`: what the shell imports that a page without the shell can load too (sign-in's toasts,
 *   registration, the error page, the API clients and error notifier: everything the entry imports lazily
 *   outside the signed-in screens). A few KB such a page fetches in one file, beside its own. The session's
 *   restore joins it (boot loads it before a returning visitor's first render; a first visit does not).
 * - `early-reads`: a screen's first data read, started beside the screen's files (the chart's bars).
 * - `chart-screens`: what the two chart screens import statically, besides the shell and the early reads.
 * - `analysis-screens`: what the options charts (premium, open interest, volatility, participants) and their
 *   chart modules import statically that no other screen does, besides the groups above and the chart library
 *   the index charts share (issue 61: their first open fetched 16–22 files where the index chart's fetches
 *   10, most under 1 KB, each a round trip in its turn over the browser's six connections, 0.56 s on Slow 4G).
 * - `screen-kit`: what they import that other signed-in screens import too (an empty state, a date field, the
 *   alert form): a few KB in one file, which a screen that used one of them now fetches whole, in one request
 *   where it often took several. Not what leads to `chart-screens`, which every screen taking the kit would
 *   then fetch too: such a module joins `chart-screens` itself (the last-known read, 0.6 KB), which whatever
 *   loads it loads anyway.
 * - `api-clients`: the configuration's reader and the API clients (openapi-fetch, its middleware), which boot loads
 *   at once on a signed-in address and a sign-in at its submit, always together: one file where they were two, each
 *   a request before a screen's first read could go out (issue 61).
 * - `chart-library`: lightweight-charts with what the chart modules share beside it (their time and price labels in
 *   the trader's language, 0.8 KB): every chart module that imports those imports the library too, so a chart's first
 *   open fetches one file where it fetched two (issue 61). The chart modules keep their own files.
 * Left out of every group (`leftOut`): modules the shell reaches only through a package's index, which re-exports
 * every part of the package, and does not use (headless UI's index leads to its tabs and, through its combobox, to
 * the order book's and option chain's virtual scrolling: about 40 KB of the shell's file, minified, that the
 * bundler's tree shaking kept there only because those screens import them; issue 61). The bundler puts them with
 * the screens that use them.
 * The rest of what pages without the shell load is left to the bundler. Every module a grouped module
 * imports is in its group, a group listed above it or the entry, and none of those imports it back, so no
 * two chunks import each other and the modules run in their source order.
 */
type ModuleInfo = { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] };
type Context = { getModuleInfo: (id: string) => ModuleInfo | null };

export type SignedInChunkRoots = {
  /** The module index.html loads. */
  entry: string;
  /** The module whose lazy imports are the screens (the app shell and every screen it shows are among them). */
  screenTable: string;
  /** The app's router, which the entry loads lazily: the screen table and react-router are what it imports. */
  router: string;
  /** The app shell: every signed-in screen renders inside it. */
  shell: string;
  /** Screens reached from the screen table that render outside the shell too (public pages). */
  publicScreens: readonly string[];
  /** Screens whose own imports form the `chart-screens` group. */
  chartScreens: readonly string[];
  /** Screens whose own imports form `analysis-screens` (each screen keeps its own chunk). */
  analysisScreens: readonly string[];
  /** The chart modules the screen table loads beside them: their imports join `analysis-screens` too. */
  analysisCharts: readonly string[];
  /** The index charts' chart module: what it imports (the chart library) stays out of `analysis-screens`. */
  chartLibrary: readonly string[];
  /**
   * The configuration's reader and the API clients' builder: the entry loads them lazily and always together (a
   * request needs both), so they and what they import besides the entry and the groups above form `api-clients`.
   */
  apiClients: readonly string[];
  /**
   * Modules the screen table loads early beside a screen (a screen's first data read): they and what they
   * import besides the entry form the `early-reads` group, which waits for no other group's files.
   */
  early: readonly string[];
  /**
   * Modules boot loads before a returning visitor's first render (the session's restore): they and what
   * they import besides the entry join `shell-shared`, which a signed-in screen loads anyway, so a signed-in
   * cold open fetches no file more for them.
   */
  restore: readonly string[];
  /**
   * The shell's parts it loads after the first drawing (src/app/layouts/shell-parts.tsx: menus, dialogs, the replay
   * bar): what they import that a page without the shell can load joins `shell-shared`, as it did while they were
   * part of the shell, rather than a file of its own that a chart screen would fetch too (issue 61).
   */
  laterParts: readonly string[];
  /**
   * Modules no group takes (see above): reached from the shell only through a package's index, used by a few other
   * screens. A module the shell did use would then come in a file of its own (tests/budget counts the shell's files).
   */
  leftOut: readonly RegExp[];
};

const isScript = (id: string) => /\.[cm]?[jt]sx?$/.test(id.replace(/\?.*$/, ''));

function reach(ctx: Context, roots: Iterable<string>, { dynamic, stopAt }: { dynamic: boolean; stopAt: ReadonlySet<string> }): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id) || stopAt.has(id)) continue;
    seen.add(id);
    const info = ctx.getModuleInfo(id);
    if (!info) continue;
    queue.push(...info.importedIds);
    if (dynamic) queue.push(...info.dynamicallyImportedIds);
  }
  return seen;
}

/** The `name` function of a Rolldown code-splitting group: one of the groups above, or null (left to the bundler). */
export function signedInChunkName(roots: SignedInChunkRoots) {
  // Computed once per chunking pass (the context's graph belongs to that pass).
  let groups: {
    context: Context;
    early: Set<string>;
    shell: Set<string>;
    shared: Set<string>;
    charts: Set<string>;
    analysis: Set<string>;
    kit: Set<string>;
    chartLibrary: Set<string>;
    apiClients: Set<string>;
  } | null = null;
  const compute = (ctx: Context) => {
    const none = new Set<string>();
    const initial = reach(ctx, [roots.entry], { dynamic: false, stopAt: none });
    const table = ctx.getModuleInfo(roots.screenTable);
    if (!table) throw new Error(`${roots.screenTable} is not in the module graph`);
    const publicScreens = new Set(roots.publicScreens);
    const signedInOnly = new Set([...table.dynamicallyImportedIds.filter((id) => !publicScreens.has(id)), roots.router]);
    if (!signedInOnly.has(roots.shell)) throw new Error(`${roots.shell} is not lazily imported by ${roots.screenTable}`);
    // Everything a page can load without passing through the shell, a signed-in screen or an early read (boot loads
    // the options charts' early reads itself, on their addresses only: app/router/early-reads-at.ts).
    const publicReach = reach(ctx, [roots.entry], { dynamic: true, stopAt: new Set([...signedInOnly, ...roots.early]) });
    const early = new Set([...reach(ctx, roots.early, { dynamic: false, stopAt: initial })].filter((id) => !publicReach.has(id) && isScript(id)));
    const excluded = (id: string) => initial.has(id) || publicReach.has(id) || early.has(id) || !isScript(id);
    const shellReach = [...reach(ctx, [roots.shell, roots.router], { dynamic: false, stopAt: none })];
    const shell = new Set(shellReach.filter((id) => !excluded(id)));
    const restore = reach(ctx, roots.restore, { dynamic: false, stopAt: initial });
    const laterReach = [...reach(ctx, roots.laterParts, { dynamic: false, stopAt: initial })];
    const shared = new Set(
      [...shellReach, ...laterReach].filter((id) => publicReach.has(id)).concat([...restore]).filter((id) => !initial.has(id) && !early.has(id) && isScript(id)),
    );
    const chartScreens = new Set(roots.chartScreens);
    const charts = new Set(
      [...reach(ctx, roots.chartScreens, { dynamic: false, stopAt: none })].filter(
        // The screens themselves keep their own small chunks: each screen is its own chunk (tests/budget).
        (id) => !excluded(id) && !shell.has(id) && !chartScreens.has(id),
      ),
    );
    const analysisRoots = [...roots.analysisScreens, ...roots.analysisCharts];
    const analysisOwn = new Set(analysisRoots);
    // What the index charts' library reaches (lightweight-charts) stays shared with them, in its own file.
    const library = reach(ctx, roots.chartLibrary, { dynamic: false, stopAt: none });
    // Whatever any other screen can load, its own lazy parts included (a P&L chart's drawing).
    const otherScreens = reach(
      ctx,
      table.dynamicallyImportedIds.filter((id) => !analysisRoots.includes(id) && !publicScreens.has(id)),
      { dynamic: true, stopAt: new Set(analysisRoots) },
    );
    const candidates = [...reach(ctx, analysisRoots, { dynamic: false, stopAt: none })].filter(
      // The screens and their chart modules keep their own chunks (each lazily loaded by the screen table).
      (id) => !excluded(id) && !shell.has(id) && !charts.has(id) && !library.has(id) && !analysisOwn.has(id),
    );
    // One leading to `chart-screens` stays with the bundler: every screen taking the kit would fetch those too.
    const leadsToCharts = (id: string) => [...reach(ctx, [id], { dynamic: false, stopAt: none })].some((reached) => charts.has(reached));
    const kit = new Set(candidates.filter((id) => otherScreens.has(id) && !leadsToCharts(id)));
    // One leading to `chart-screens` joins it instead (the last-known read): whatever loads it loads that file anyway,
    // so it costs the index charts a few hundred bytes and saves each options chart a request (issue 61).
    for (const id of candidates) if (otherScreens.has(id) && leadsToCharts(id)) charts.add(id);
    const analysis = new Set(candidates.filter((id) => !otherScreens.has(id)));
    const chartLibrary = new Set([...library].filter((id) => !excluded(id) && !shell.has(id) && !shared.has(id) && !charts.has(id) && !roots.chartLibrary.includes(id)));
    const apiClients = new Set([...reach(ctx, roots.apiClients, { dynamic: false, stopAt: initial })].filter((id) => isScript(id) && !early.has(id) && !shell.has(id) && !shared.has(id)));
    return { context: ctx, early, shell, shared, charts, analysis, kit, chartLibrary, apiClients };
  };
  return (id: string, ctx: Context): string | null => {
    if (groups?.context !== ctx) groups = compute(ctx);
    if (roots.leftOut.some((pattern) => pattern.test(id))) return null;
    if (groups.early.has(id)) return 'early-reads';
    if (groups.shell.has(id)) return 'app-shell';
    if (groups.shared.has(id)) return 'shell-shared';
    if (groups.apiClients.has(id)) return 'api-clients';
    if (groups.charts.has(id)) return 'chart-screens';
    if (groups.analysis.has(id)) return 'analysis-screens';
    if (groups.kit.has(id)) return 'screen-kit';
    if (groups.chartLibrary.has(id)) return 'chart-library';
    return null;
  };
}
