import { intlLocaleFor, MARKET_TIME_ZONE, type Locale } from '@/i18n/locale';

/**
 * The first Intl formatter of each kind a page builds loads its language's data from the browser's ICU: the
 * first date formatter of a chart screen's first open took 145–216 ms of DevTools' 4× slower CPU inside the
 * first render (docs/benchmarks.md, issue 40), and Node shows the same (a first date formatter 22 ms, one with
 * other options after it 0.4 ms). Built once while the screen's files download, on a main thread that waits for
 * them, that data is there when the render needs it. The formatters the app keeps are its own (lib/format);
 * only the browser's data is shared.
 */
export function warmLocaleFormatters(locale: Locale): void {
  const tag = intlLocaleFor(locale);
  const warm = () => {
    new Intl.DateTimeFormat(tag, { timeZone: MARKET_TIME_ZONE, day: 'numeric' }).format(0);
    new Intl.NumberFormat(tag).format(0);
    new Intl.PluralRules(tag).select(0);
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(warm, { timeout: 500 });
  else setTimeout(warm, 0);
}
