import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { noParserAlias, precompileMessages } from './scripts/i18n/precompile-messages.ts';
import { shellIntlCopy } from './scripts/i18n/shell-intl-copy.ts';
import { pwaManifest } from './scripts/pwa-manifest.ts';
import { routePreloadsPlugin, type RouteRoots } from './scripts/route-preloads.ts';
import { signedInChunkName } from './scripts/signed-in-chunks.ts';

/**
 * What a lazy import made by the entry preloads besides the chunk itself. The list of every such file
 * travels in the entry (about 1 KB gzip for some 60 names), so the entry keeps only each chunk's
 * stylesheets, which must be there before the chunk runs, and the full list for the app shell, where
 * sign-in leads. Another screen fetched before the service worker has cached it finds its shared chunks
 * when it runs (one round trip more per level of imports); once cached, nothing is fetched at all. Lazy
 * imports made by other chunks keep their full lists: those are not part of the first visit.
 *
 * The chart screens keep theirs too: a thin screen over a shared panel over shared hooks, their imports were
 * found three levels deep, three round trips (about 2.4 s on Slow 4G) before the bars were even asked for
 * (issue 24: the chart's first open). Their lists are the same ten names, about 0.3 KB gzip in the entry.
 * The chart library (candle-chart, which imports lightweight-charts) and the early read of the bars
 * (chart-bars, in the early-reads chunk), which the chart screens start beside themselves (screens.ts), keep theirs too, so all their
 * files are asked for at once. So does the session's restore (in shell-shared, see restore-state.ts), which a
 * returning visitor's first render waits for.
 */
const FULL_PRELOAD_FROM_ENTRY = /\/(?:app-shell|shell-shared|trading-view-chart-screen|tv-chart-screen|candle-chart|early-reads)-[^/]+\.js$/;
const entryPreloads = (file: string, deps: string[], { hostId, hostType }: { hostId: string; hostType: 'html' | 'js' }) =>
  hostType === 'js' && /^assets\/index-[^/]+\.js$/.test(hostId) && !FULL_PRELOAD_FROM_ENTRY.test(`/${file}`)
    ? deps.filter((dep) => dep.endsWith('.css'))
    : deps;

/**
 * The favicon travels inside index.html as a data: URL (CSP's img-src allows data:): a first visit then makes
 * no request of its own for it, about 1 KB on the wire with its headers (issue 24). public/favicon.svg stays
 * for the broker-login page and anything else that links it.
 */
const inlineFavicon = (): Plugin => ({
  name: 'strikedesk:inline-favicon',
  transformIndexHtml(html) {
    // Single quotes inside, so the URL needs escaping only for <, > and #.
    const svg = readFileSync(new URL('./public/favicon.svg', import.meta.url), 'utf8').replace(/\s+/g, ' ').replace(/"/g, "'").trim();
    const dataUrl = `data:image/svg+xml,${svg.replace(/[<>#%]/g, encodeURIComponent)}`;
    return html.replace('href="/favicon.svg"', `href="${dataUrl}"`);
  },
});

/**
 * The chart screens' first open, as the server's index.html for their address lists it (scripts/route-preloads.ts):
 * what boot asks for first on a signed-in address (/config.json, its reader, the API clients), the bars' early
 * read, the shell and its stylesheet, the screen, then the chart library. The same files the entry asks for
 * once it has run (boot.tsx, screens.ts), asked for beside the entry instead.
 */
const chartScreenRoots = (path: string, screen: string): RouteRoots => ({
  path,
  fetches: ['/config.json'],
  sources: [
    'src/lib/api/load-runtime-config.ts',
    'src/features/analytics/api/chart-bars.ts',
    'src/lib/api/build-clients.ts',
    'src/app/layouts/app-layout.tsx',
    'src/all-screens.css',
    screen,
    'src/features/analytics/charts/candle-chart.ts',
  ],
});

/**
 * Issue 40's chart screens (premium, open interest, volatility, participants) the same way: boot's first asks, the screen's
 * early read (its read module, in the early-reads chunk), the shell, the screen and its own chart module
 * (lightweight-charts with it). Without the list, their first open on Slow 4G + 4× CPU took 7.5–8.8 s
 * (docs/benchmarks.md), the screen and the chart module asked for only once the entry had run.
 */
const analysisScreenRoots = (path: string, reads: string, screen: string, chart: string): RouteRoots => ({
  path,
  fetches: ['/config.json'],
  sources: ['src/lib/api/load-runtime-config.ts', reads, 'src/lib/api/build-clients.ts', 'src/app/layouts/app-layout.tsx', 'src/all-screens.css', screen, chart],
});

const source = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

// The API server `npm run dev` starts next to Vite (see scripts/dev.ts).
const devApiTarget = process.env.DEV_API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  resolve: {
    // Messages reach the runtime as AST (precompileMessages), so react-intl runs without the ICU parser.
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // The pure option maths shared with the server (quant/), for the strategy builder's lazy chunk only.
      { find: '@quant', replacement: fileURLToPath(new URL('./quant', import.meta.url)) },
      noParserAlias,
    ],
  },
  plugins: [
    inlineFavicon(),
    shellIntlCopy(),
    routePreloadsPlugin([
      chartScreenRoots('/app/trading_view_chart', 'src/features/analytics/routes/trading-view-chart-screen.tsx'),
      chartScreenRoots('/app/tv_chart', 'src/features/analytics/routes/tv-chart-screen.tsx'),
      analysisScreenRoots(
        '/app/premium',
        'src/features/analytics/premium/api/get-strategy-premium.ts',
        'src/app/analytics/premium-alert-screen.tsx',
        'src/features/analytics/premium/charts/premium-chart.ts',
      ),
      analysisScreenRoots(
        '/app/open_interest',
        'src/features/open-interest/api/oi-reads.ts',
        'src/features/open-interest/routes/open-interest-screen.tsx',
        'src/features/open-interest/charts/oi-line-chart.ts',
      ),
      analysisScreenRoots('/app/volatility', 'src/features/analytics/volatility/iv-reads.ts', 'src/app/analytics/volatility-alert-screen.tsx', 'src/features/analytics/volatility/iv-chart.ts'),
      analysisScreenRoots(
        '/app/participants',
        'src/features/analytics/api/participant-reads.ts',
        'src/features/analytics/routes/participants-screen.tsx',
        'src/features/analytics/charts/participant-chart.ts',
      ),
    ]),
    precompileMessages(),
    react(),
    tailwindcss(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      // Registration is done by src/app/pwa with workbox-window, never by an inline script (CSP).
      injectRegister: false,
      manifest: pwaManifest,
      // The glob below already precaches the icons; listing them again would only duplicate entries.
      includeManifestIcons: false,
      injectManifest: {
        // Every file of the build (shell and every hashed screen chunk), so every screen opens offline.
        // Manifest screenshots are only shown in install dialogs, so they are not precached.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2,json}'],
        globIgnores: ['**/screenshots/**', '.vite/**'],
        // Above this a file would be left out of the precache; vite-plugin-pwa then fails the build.
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
        // A classic script: every browser can run it (module service workers are not universal yet).
        rollupFormat: 'iife',
        // The worker says pushes in French from the app's catalogue (sw/push-text.ts): compiled to AST like
        // the app's, since the ICU parser is left out of every bundle (noParserAlias above applies here too).
        buildPlugins: { vite: [precompileMessages()] },
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    manifest: true,
    sourcemap: false,
    target: 'es2022',
    // Every browser the app supports (es2022) understands modulepreload: the polyfill would only add bytes.
    modulePreload: { polyfill: false, resolveDependencies: entryPreloads },
    rolldownOptions: {
      // react-intl builds its Formatted* components with these factories at module level; the calls have no
      // side effect, so the components the app never renders can be left out of the entry (0.2 KB, issue 24).
      treeshake: { manualPureFunctions: ['createFormattedComponent', 'createFormattedDateTimePartsComponent'] },
      output: {
        // Everything the entry imports statically (sign-in included) stays in the entry chunk. Left alone,
        // Rolldown splits out each module a lazy screen shares with it (rolldown/rolldown#10731): half a
        // dozen small files, and on a slow phone network each request past the browser's six connections
        // costs a round trip before the form paints.
        codeSplitting: {
          groups: [
            { name: 'initial', tags: ['$initial'] },
            // The signed-in shell and the chart screens in five files rather than 40 (scripts/signed-in-chunks.ts).
            {
              name: signedInChunkName({
                entry: source('main.tsx'),
                screenTable: source('app/router/screens.ts'),
                router: source('app/router/app-router.tsx'),
                shell: source('app/layouts/app-layout.tsx'),
                publicScreens: [source('features/auth/routes/register-screen.tsx'), source('features/errors/routes/error-page-screen.tsx')],
                early: [
                  source('app/router/early-reads-at.ts'),
                  source('features/analytics/api/chart-bars.ts'),
                  source('features/analytics/premium/api/get-strategy-premium.ts'),
                  source('features/open-interest/api/oi-reads.ts'),
                  source('features/analytics/volatility/iv-reads.ts'),
                  source('features/analytics/api/participant-reads.ts'),
                ],
                restore: [source('app/boot/restore-state.ts')],
                laterParts: [
                  source('app/layouts/mobile-nav-drawer.tsx'),
                  source('app/layouts/settings-panel.tsx'),
                  source('app/layouts/user-menu.tsx'),
                  source('app/layouts/nav-more-menu.tsx'),
                  source('app/pwa/ios-install-hint.tsx'),
                  source('features/kill-switch/components/kill-switch-dialog.tsx'),
                  source('features/replay/components/replay-bar.tsx'),
                ],
                chartScreens: [
                  source('features/analytics/routes/trading-view-chart-screen.tsx'),
                  source('features/analytics/routes/tv-chart-screen.tsx'),
                ],
                analysisScreens: [
                  source('app/analytics/premium-alert-screen.tsx'),
                  source('features/open-interest/routes/open-interest-screen.tsx'),
                  source('app/analytics/volatility-alert-screen.tsx'),
                  source('features/analytics/routes/participants-screen.tsx'),
                ],
                analysisCharts: [
                  source('features/analytics/premium/charts/premium-chart.ts'),
                  source('features/open-interest/charts/oi-line-chart.ts'),
                  source('features/analytics/volatility/iv-chart.ts'),
                  source('features/analytics/charts/participant-chart.ts'),
                ],
                chartLibrary: [source('features/analytics/charts/candle-chart.ts')],
                apiClients: [source('lib/api/load-runtime-config.ts'), source('lib/api/build-clients.ts')],
                // Reached from the shell through @headlessui/react's index only: the order book's and option chain's
                // virtual scrolling (through the combobox) and the tabs of the Bots screen (issue 61).
                leftOut: [/\/node_modules\/@tanstack\//, /\/node_modules\/@headlessui\/react\/dist\/components\/tabs\//],
              }),
              // Their dependencies outside the group are public or in the entry: those stay where they are.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': devApiTarget,
      '/analytics': devApiTarget,
      '/config.json': devApiTarget,
      '/broker-login': devApiTarget,
    },
  },
});
