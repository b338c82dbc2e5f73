/**
 * Bundle budgets on the built files (run after `vite build`). Sizes are gzip at the default level, so the
 * bytes do not vary from run to run. The chunk graph comes from Vite's build manifest.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chunkKey, findKey, firstVisitFiles, gzipSizes, loadManifest, SIGN_IN_SCREEN, staticClosure } from './first-visit-files.ts';
import { definesClass, stringWords } from './stylesheet-classes.ts';

const dist = join(process.cwd(), 'dist');

const KB = 1000;
// 146.1 KB before issue 7; 134.2 KB after its first-visit work (parser-free react-intl, split stylesheet, deferred
// toasts, notifier and service worker); 137.2 KB once the sign-in page's field refusals, value isolates and load
// states landed; 129.9 KB with the API clients, /config.json's reader and the error screen loaded after the
// first paint, sign-in in the entry and one chunk for the entry's imports. The goal was 130 KB. Since issue 24
// the stricter gauge is first-visit-network.test.ts (every file fetched until the network is idle, against a
// bare React app: 118.5 KB in 6 files, where it was 143.8 KB in 19); this one keeps the entry from creeping, with
// room for the names of new lazy chunks its preload map lists (about 35 bytes gzip each). The chart screens'
// whole import graph preloaded (issue 24: the chart's first open, about 0.2 KB of names) and issue 25's three
// screens (market history, backtests, a backtest's report) with their menu names took it to 130.9 KB; 126.8 KB
// once sign-in's validation, request and refusal texts, registration's words and the session's restore left the
// entry (issue 24, first visit); 90.8 KB once the public pages ran without react-router (app/public-pages.tsx).
const FIRST_VISIT_BUDGET = 95 * KB;
const SCREEN_CHUNK_BUDGET = 60 * KB;

/** Lazy modules shown on the public pages too (with index.css only): their classes must be in it. */
const PUBLIC_LAZY_MODULES = [
  'src/features/auth/routes/register-screen.tsx',
  'src/features/errors/routes/error-page-screen.tsx',
  'src/components/ui/toaster.tsx',
  'src/app/pwa/update-prompt.tsx',
];

const gzipSize = (file: string) => gzipSync(readFileSync(join(dist, file))).length;

describe('bundle budget', () => {
  const manifest = loadManifest(dist);

  it(`a first visit to /auth/login downloads at most ${FIRST_VISIT_BUDGET / KB} KB gzip of JS and CSS`, () => {
    const files = firstVisitFiles(manifest);
    const { sizes, total } = gzipSizes(dist, files);
    console.info(`first visit /auth/login: ${(total / KB).toFixed(1)} KB gzip in ${files.size} files`);
    for (const [file, size] of sizes) console.info(`  ${file}: ${(size / KB).toFixed(1)} KB`);
    expect(total).toBeLessThanOrEqual(FIRST_VISIT_BUDGET);
    // The shell behind sign-in (menus, dialogs) is not part of the first visit.
    expect([...files].some((file) => /\/app-(?:layout|shell)-/.test(file))).toBe(false);
  });

  it('sign-in is part of the entry: no chunk of its own to wait for, and no dozen small files to fetch', () => {
    expect(chunkKey(manifest, SIGN_IN_SCREEN)).toBeNull();
    const entry = readFileSync(join(dist, manifest['index.html']?.file ?? 'no entry in the manifest'), 'utf8');
    // The sign-in form's own message ids (kept in the precompiled catalogue calls).
    expect(entry).toContain('auth.login.title');
    // Sign-in checks its two rules without the whole rule set (basic-rules.ts): no other rule's message rides along.
    expect(entry).toContain('validation.typeEmail');
    expect(entry).not.toContain('validation.numberRange');
    // The sign-in call and its refusal texts load at the form's first input (sign-in-call.ts); only the text
    // for a call that could not be downloaded stays.
    expect(entry).not.toContain('auth.error.invalidCredentials');
    expect(entry).toContain('auth.error.unreachable');
    // Registration's words come with its screen (register-messages.ts).
    expect(entry).not.toContain('auth.register.subtitle');
    // Reading a failed response into an ApiError (error-from-status.ts, which builds { retryAfterSeconds: ... })
    // comes with the API clients; the entry has the error type only.
    expect(entry).not.toContain('retryAfterSeconds:');
    // The restore code (idb-keyval and the stored values' parsers, named by their keys) loads only when
    // something is stored or to be saved (boot.tsx).
    expect(entry).not.toContain('unknown_intents');
    // The entry, its stylesheet and at most one shared chunk: each file more is a request before the form paints.
    expect(firstVisitFiles(manifest).size).toBeLessThanOrEqual(3);
  });

  it('the entry formats messages only: react-intl\'s other formatters and the whole preflight come with the shell (issue 24)', () => {
    const read = (file: string) => readFileSync(join(dist, file), 'utf8');
    const entry = read(manifest['index.html']?.file ?? 'no entry in the manifest');
    const shellKey = Object.keys(manifest).find((key) => /\/app-shell-[^/]+\.js$/.test(manifest[key]!.file));
    const shell = read(manifest[shellKey ?? '']?.file ?? 'no app-shell chunk in the build');
    // What the list, relative-time and display-name formatters of @formatjs/intl say when the browser lacks them.
    for (const formatter of ['Intl.ListFormat', 'Intl.RelativeTimeFormat', 'Intl.DisplayNames']) {
      expect(entry).not.toContain(`${formatter} is not available`);
      expect(shell).toContain(`${formatter} is not available`);
    }
    // Date inputs' preflight rules: in the signed-in screens' stylesheet, not in the public pages' one.
    const firstCss = [...firstVisitFiles(manifest)].filter((file) => file.endsWith('.css')).map(read).join('\n');
    const allCss = read(manifest['src/all-screens.css']?.file ?? 'all-screens.css is not in the build');
    expect(firstCss).not.toContain('::-webkit-datetime-edit');
    expect(allCss).toContain('::-webkit-datetime-edit');
    expect(firstCss).toContain('box-sizing:border-box');
  });

  it('index.html fetches every file of the first visit itself: none waits for the entry to run', () => {
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    const fetched = new Set(
      [...html.matchAll(/<(?:script type="module"|link rel="(?:modulepreload|stylesheet)")[^>]*(?:src|href)="\/([^"]+)"/g)].map(
        ([, file]) => file,
      ),
    );
    expect([...firstVisitFiles(manifest)].filter((file) => !fetched.has(file))).toEqual([]);
  });

  it('the public pages\' stylesheet defines every class their scripts use that any screen\'s stylesheet defines', () => {
    const read = (file: string) => readFileSync(join(dist, file), 'utf8');
    const firstCss = [...firstVisitFiles(manifest)].filter((file) => file.endsWith('.css')).map(read).join('\n');
    const allCss = read(manifest['src/all-screens.css']?.file ?? 'all-screens.css is not in the build');
    // Everything that renders before the app shell: sign-in, registration, the error page, toasts, update offer.
    // Not the app-shell file the error page imports the router from: signed out, the router's part of it renders
    // nothing of its own but the public frame, which is in the entry (its guards, layouts and redirects).
    const shellFile = screenTableFile();
    const publicScreens = PUBLIC_LAZY_MODULES.flatMap((source) => [...staticClosure(manifest, findKey(manifest, source))]).filter((file) => file !== shellFile);
    const scripts = [...new Set([...firstVisitFiles(manifest), ...publicScreens])].filter((file) => file.endsWith('.js'));
    const words = new Set(scripts.flatMap((file) => [...stringWords(read(file))]));
    const missing = [...words].filter((word) => definesClass(allCss, word) && !definesClass(firstCss, word));
    expect(missing).toEqual([]);
    expect(words.has('min-h-dvh') && definesClass(firstCss, 'min-h-dvh')).toBe(true);
  });

  // The route table's lazy imports, each with the list of files Vite's preload helper fetches beside it, are in
  // the app-shell file: the router joins the shell's group (scripts/signed-in-chunks.ts).
  const screenTableFile = () => manifest[Object.keys(manifest).find((key) => /\/app-shell-[^/]+\.js$/.test(manifest[key]!.file)) ?? '']?.file ?? 'no app-shell chunk in the build';

  it('the chart screens preload their whole import graph from the route table (issue 24: the chart\'s first open)', () => {
    const tableFile = screenTableFile();
    const table = readFileSync(join(dist, tableFile), 'utf8');
    expect(table).toContain('trading-view-chart-screen');
    const screen = findKey(manifest, 'src/features/analytics/routes/trading-view-chart-screen.tsx');
    const entryFile = manifest['index.html']?.file;
    const graph = [...staticClosure(manifest, screen)].filter((file) => file.endsWith('.js') && file !== entryFile && file !== tableFile);
    expect(graph.length).toBeGreaterThan(3);
    expect(graph.filter((file) => !table.includes(`"${file}"`))).toEqual([]);
  });

  it('a chart screen and the shell it renders in come in a handful of files, not forty (issue 24: the chart\'s first open)', () => {
    // The shell is the app layout's chunk, or the group it was put in (vite.config.ts, scripts/signed-in-chunks.ts).
    const shell = chunkKey(manifest, 'src/app/layouts/app-layout.tsx') ?? Object.keys(manifest).find((key) => /\/app-shell-[^/]+\.js$/.test(manifest[key]!.file));
    const screen = findKey(manifest, 'src/features/analytics/routes/trading-view-chart-screen.tsx');
    expect(shell).toBeDefined();
    const entryFiles = firstVisitFiles(manifest);
    const files = new Set([...staticClosure(manifest, shell!), ...staticClosure(manifest, screen)].filter((file) => !entryFiles.has(file)));
    console.info(`a chart screen's first open after the entry: ${files.size} files (${[...files].join(', ')})`);
    // The shell, what it shares with the public pages, the chart screens' shared code, their early read of the bars, the screen.
    expect(files.size).toBeLessThanOrEqual(5);
  });

  it('the shell\'s file carries no code only other screens use: the order book\'s virtual scrolling stays with them (issue 61)', () => {
    // The shell reaches @tanstack/react-virtual only through @headlessui/react's index (signed-in-chunks.ts, leftOut):
    // grouped with the shell, it was about 10 KB of every signed-in cold open's largest file. Its method names survive
    // minification.
    const shell = readFileSync(join(dist, screenTableFile()), 'utf8');
    expect(shell).not.toContain('getVirtualItems');
    // ...and the order book still has it, in a file of its own imports.
    const orderBook = [...staticClosure(manifest, findKey(manifest, 'src/app/routes/order-book-screen.tsx'))].filter((file) => file.endsWith('.js'));
    expect(orderBook.some((file) => readFileSync(join(dist, file), 'utf8').includes('getVirtualItems'))).toBe(true);
    console.info(`the shell's file: ${(gzipSize(screenTableFile()) / KB).toFixed(1)} KB gzip`);
  });

  it('no chart screen\'s first open runs Headless UI: the shell\'s menus and dialogs and the charts\' alert dialog come after the drawing (issue 61)', () => {
    // Its components' names survive minification (they name them in their errors). In main's build of session 68 the
    // shell's file held them, about two fifths of its 374 KB minified.
    const runsHeadlessUi = (file: string) => /Menu\.Button|Dialog\.Panel/.test(readFileSync(join(dist, file), 'utf8'));
    const screens = [
      'src/app/analytics/premium-alert-screen.tsx',
      'src/features/open-interest/routes/open-interest-screen.tsx',
      'src/app/analytics/volatility-alert-screen.tsx',
      'src/features/analytics/routes/participants-screen.tsx',
      'src/features/analytics/routes/tv-chart-screen.tsx',
    ];
    const shell = Object.keys(manifest).find((key) => /\/app-shell-[^/]+\.js$/.test(manifest[key]!.file));
    expect(shell).toBeDefined();
    for (const key of [shell!, ...screens.map((screen) => findKey(manifest, screen))]) {
      const files = [...staticClosure(manifest, key)].filter((file) => file.endsWith('.js'));
      expect(files.filter(runsHeadlessUi), key).toEqual([]);
    }
    // ...and the account menu and the kill switch's confirmation still have it, in their own files' imports.
    for (const part of ['src/app/layouts/user-menu.tsx', 'src/features/kill-switch/components/kill-switch-dialog.tsx']) {
      expect([...staticClosure(manifest, findKey(manifest, part))].some(runsHeadlessUi), part).toBe(true);
    }
  });

  it('the shell\'s parts loaded after the drawing are in the service worker\'s precache with every file they import: offline, a tap still opens them (issue 61)', () => {
    const worker = readFileSync(join(dist, 'sw.js'), 'utf8');
    const parts = [
      'src/app/layouts/mobile-nav-drawer.tsx',
      'src/app/layouts/settings-panel.tsx',
      'src/app/layouts/user-menu.tsx',
      'src/app/layouts/nav-more-menu.tsx',
      'src/app/pwa/ios-install-hint.tsx',
      'src/features/kill-switch/components/kill-switch-dialog.tsx',
      'src/features/replay/components/replay-bar.tsx',
      'src/features/alerts/components/condition-alert-modal.tsx',
    ];
    for (const part of parts) {
      const key = findKey(manifest, part);
      // Each its own file, asked for after the drawing (a part folded into the shell's file again would not be).
      expect(manifest[key]!.isDynamicEntry, part).toBe(true);
      for (const file of staticClosure(manifest, key)) expect(worker, `${part}: ${file}`).toContain(file);
    }
  });

  it('a chart screen asks for the chart library (candle-chart and lightweight-charts) beside itself, from the route table', () => {
    const entryFile = manifest['index.html']?.file;
    const tableFile = screenTableFile();
    const table = readFileSync(join(dist, tableFile), 'utf8');
    const library = [...staticClosure(manifest, findKey(manifest, 'src/features/analytics/charts/candle-chart.ts'))].filter(
      (file) => file.endsWith('.js') && file !== entryFile && file !== tableFile,
    );
    // lightweight-charts with the chart modules' shared labels, one file (scripts/signed-in-chunks.ts, issue 61).
    expect(library.some((file) => file.includes('chart-library'))).toBe(true);
    expect(library.filter((file) => !table.includes(`"${file}"`))).toEqual([]);
  });

  it('index.html served for a chart screen fetches its files beside the entry, and sign-in\'s lists none (issue 24)', () => {
    // The list the build writes for the server (scripts/route-preloads.ts, server/http/route-preloads.ts).
    const list = JSON.parse(readFileSync(join(dist, '.vite', 'route-preloads.json'), 'utf8')) as Record<string, { modules: string[]; styles: string[]; fetches: string[] }>;
    expect(Object.keys(list).sort()).toEqual(['/app/open_interest', '/app/participants', '/app/premium', '/app/trading_view_chart', '/app/tv_chart', '/app/volatility']);
    const entryFiles = firstVisitFiles(manifest);
    const shell = Object.keys(manifest).find((key) => /\/app-shell-[^/]+\.js$/.test(manifest[key]!.file));
    expect(shell).toBeDefined();
    const apiClients = Object.keys(manifest).find((key) => /\/api-clients-[^/]+\.js$/.test(manifest[key]!.file));
    expect(apiClients).toBeDefined();
    for (const [path, screen, chart] of [
      ['/app/trading_view_chart', 'src/features/analytics/routes/trading-view-chart-screen.tsx', 'src/features/analytics/charts/candle-chart.ts'],
      ['/app/tv_chart', 'src/features/analytics/routes/tv-chart-screen.tsx', 'src/features/analytics/charts/candle-chart.ts'],
      // Issue 40's chart screens: their own chart module, and their first read in the early reads too.
      ['/app/premium', 'src/app/analytics/premium-alert-screen.tsx', 'src/features/analytics/premium/charts/premium-chart.ts'],
      ['/app/open_interest', 'src/features/open-interest/routes/open-interest-screen.tsx', 'src/features/open-interest/charts/oi-line-chart.ts'],
      ['/app/volatility', 'src/app/analytics/volatility-alert-screen.tsx', 'src/features/analytics/volatility/iv-chart.ts'],
      ['/app/participants', 'src/features/analytics/routes/participants-screen.tsx', 'src/features/analytics/charts/participant-chart.ts'],
    ] as const) {
      const preloads = list[path]!;
      const listed = new Set([...preloads.modules, ...preloads.styles]);
      // Everything the screen and the shell need before they run, the chart library, the shell's stylesheet,
      // and what boot asks for first on a signed-in address: /config.json, its reader and the API clients.
      const wanted = [
        ...staticClosure(manifest, shell!),
        ...staticClosure(manifest, findKey(manifest, screen)),
        ...staticClosure(manifest, findKey(manifest, chart)),
        // The configuration's reader and the API clients, one file (`api-clients`, scripts/signed-in-chunks.ts).
        ...staticClosure(manifest, apiClients!),
        manifest['src/all-screens.css']!.file,
      ].filter((file) => !entryFiles.has(file));
      expect(wanted.filter((file) => !listed.has(file))).toEqual([]);
      // The screen's first read starts beside its files (screens.ts): its module is asked for with them.
      expect([...listed].some((file) => file.includes('early-reads'))).toBe(true);
      expect(preloads.fetches).toEqual(['/config.json']);
      // Nothing the entry's own page already asks for, and nothing another screen would need.
      expect([...listed].filter((file) => entryFiles.has(file))).toEqual([]);
      // Issue 40's screens shared many small chunks (the alert dialog, the source line, the last-known read): 16–22
      // files where the index chart's take 10, over six connections on a slow network. Grouped into two
      // (analysis-screens, screen-kit: scripts/signed-in-chunks.ts), they took 13 (issue 61); with the configuration's
      // reader and the API clients in one file, the last-known read in chart-screens and the charts' shared labels
      // with their library (session 77), 10, and the index charts 8.
      expect(preloads.modules.length).toBeLessThanOrEqual(chart.endsWith('candle-chart.ts') ? 8 : 10);
    }
    expect(list['/auth/login']).toBeUndefined();
  });

  it(`every screen chunk is at most ${SCREEN_CHUNK_BUDGET / KB} KB gzip`, () => {
    const screens = Object.values(manifest).filter((chunk) => chunk.isDynamicEntry);
    expect(screens.length).toBeGreaterThanOrEqual(20);
    const oversized = screens
      .map((chunk) => ({ file: chunk.file, size: gzipSize(chunk.file) }))
      .filter(({ size }) => size > SCREEN_CHUNK_BUDGET);
    expect(oversized).toEqual([]);
  });

  it('each screen is its own chunk', () => {
    const screenSources = Object.values(manifest)
      .filter((chunk) => chunk.isDynamicEntry && chunk.src?.includes('/routes/'))
      .map((chunk) => chunk.src);
    expect(new Set(screenSources).size).toBe(screenSources.length);
    expect(screenSources.length).toBeGreaterThanOrEqual(20);
  });
});

describe('messages are precompiled (react-intl without its ICU parser)', () => {
  const scripts = readdirSync(join(dist, 'assets'))
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, code: readFileSync(join(dist, 'assets', file), 'utf8') }));

  it('no script carries the ICU parser; react-intl uses the parser-free entry', () => {
    // An error kind only the parser names; and the error the parser-free entry throws for a string message.
    expect(scripts.filter(({ code }) => code.includes('EXPECT_ARGUMENT_CLOSING_BRACE')).map(({ file }) => file)).toEqual([]);
    expect(scripts.some(({ code }) => code.includes('uncompiled message'))).toBe(true);
  });

  it('every defaultMessage in the build is an AST, never an ICU string', () => {
    const uncompiled = scripts.filter(({ code }) => /defaultMessage:\s*["'`]/.test(code)).map(({ file }) => file);
    expect(uncompiled).toEqual([]);
    expect(scripts.some(({ code }) => code.includes('defaultMessage:[{type:'))).toBe(true);
  });
});
