/**
 * Moves keyboard and screen-reader focus to the new screen's main heading (the h1 in <main>), the usual
 * practice for single-page apps: after a route change focus would otherwise stay on a link that may no
 * longer exist, and the next Tab would start from the top of the page. Lazy screens show a spinner before
 * their heading, so this waits for the heading to appear (up to `timeoutMs`). Returns a cancel function.
 */
export const HEADING_WAIT_MS = 10_000;

function focusHeading(): boolean {
  const heading = document.querySelector<HTMLElement>('main h1');
  if (!heading) return false;
  // Focusable by script only: a heading must not become a Tab stop.
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  // The page is scrolled to the top by the router (ScrollRestoration); focusing must not scroll it again.
  heading.focus({ preventScroll: true });
  return true;
}

export function focusMainHeadingWhenShown(timeoutMs: number = HEADING_WAIT_MS): () => void {
  if (focusHeading()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (focusHeading()) stop();
  });
  const timer = window.setTimeout(() => stop(), timeoutMs);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}
