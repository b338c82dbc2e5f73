/**
 * Runs `run` once the page has loaded (the screen's files are then here) and the main thread is idle: for code a
 * screen does not need to draw (issue 61), so that neither its download nor its running comes before the drawing.
 * Returns a cancel (an effect's clean-up).
 */
export function whenPageIdle(run: () => void): () => void {
  let cancelled = false;
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const go = () => {
    if (!cancelled) run();
  };
  const onLoad = () => {
    // Safari has no requestIdleCallback: a moment after the load event there.
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(go, { timeout: 2000 });
    else timer = setTimeout(go, 200);
  };
  if (document.readyState === 'complete') onLoad();
  else window.addEventListener('load', onLoad, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', onLoad);
    if (idle !== undefined) window.cancelIdleCallback(idle);
    clearTimeout(timer);
  };
}
