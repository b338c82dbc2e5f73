/**
 * How long after the load event code a screen does not need waits before it is asked for. The load event does not
 * wait for a screen's data: in the charts' bench (session 72) the shell's parts asked for at load + idle went out
 * before the chart drew (56–64 requests before the drawing against 37–39 without them). A trader's first press or
 * key starts it sooner; a part pressed before it is here is asked for at once (components/ui/later-part.tsx).
 */
export const afterLoadMs = 4_000;

/**
 * Runs `run` once the page has loaded, `afterLoadMs` have passed (the screen's data and its drawing are then most
 * likely done) and the main thread is idle, or at the trader's first press or key if that comes sooner: for code a
 * screen does not need to draw (issue 61), so that neither its download nor its running comes before the drawing.
 * Returns a cancel (an effect's clean-up).
 */
export function whenPageIdle(run: () => void): () => void {
  let done = false;
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    done = true;
    window.removeEventListener('load', onLoad);
    window.removeEventListener('pointerdown', go, true);
    window.removeEventListener('keydown', go, true);
    if (idle !== undefined) window.cancelIdleCallback(idle);
    clearTimeout(timer);
  };
  function go() {
    if (done) return;
    stop();
    run();
  }
  const whenIdle = () => {
    // Safari has no requestIdleCallback: at once there.
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(go, { timeout: 2000 });
    else go();
  };
  function onLoad() {
    timer = setTimeout(whenIdle, afterLoadMs);
  }
  window.addEventListener('pointerdown', go, true);
  window.addEventListener('keydown', go, true);
  if (document.readyState === 'complete') onLoad();
  else window.addEventListener('load', onLoad, { once: true });
  return stop;
}
