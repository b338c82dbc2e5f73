import { overlaysWantedAtom } from '@/app/app';
import { store } from '@/lib/store';
import { whenPageIdle } from '@/lib/when-page-idle';

/**
 * What a signed-in screen does not need to draw, started once it has drawn (whenPageIdle: the load event, then
 * `afterLoadMs`, then an idle moment, or the trader's first press or key if sooner):
 * - the toasts and the update offer mounted (app.tsx's Overlays: the toaster's file and its icons, a round trip
 *   after it, and the offer's file). A notification or an update before then mounts them at once, and a press
 *   mounts them before anything it does can answer with a toast;
 * - the notifier of failed calls and the screen a failed route shows, fetched so that a later failure finds them,
 *   offline too (a failure before then loads the notifier itself, boot's onApiError).
 * Boot started all of them at the load event, which on a chart's first open on Slow 4G came before the chart drew:
 * seven requests more on the six connections and their modules run while the chart waited (issue 61, session 83).
 * An effect: returns its clean-up.
 */
export function afterScreenDrawn(): () => void {
  return whenPageIdle(() => {
    store.set(overlaysWantedAtom, true);
    import('@/app/session/api-error-notifier').catch(() => undefined);
    import('@/app/router/app-router').then((router) => router.loadRouteErrorScreen()).catch(() => undefined);
  });
}
