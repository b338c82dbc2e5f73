import { expect, type Page } from '@playwright/test';

/**
 * Moving between screens inside the running app, as a trader does, instead of loading the page again.
 *
 * Each `page.goto` or reload costs Chromium 2.4–3.2 s of CPU (the bundle parsed and run, the session and the
 * shell's data read again: docs/testing.md, "Where the time goes"), where a move inside the app costs a
 * fraction of that. The app's router (react-router 7's browser router) follows the browser's history: a new
 * entry pushed with the shape its own entries have (`usr`, `key`, `idx`) and a `popstate` event are, to it, a
 * move to that address, exactly as Back and Forward are; the sign-in pages before it follow `popstate` too
 * (app/public-pages.tsx). No page load happens, and the helper fails if one did.
 */

type InAppWindow = Window & { e2eInAppMoves?: number };

/** What shows once the app has reached an address: its tab title, and whether it is another screen. */
export type Arrival = {
  /** The screen's name as the tab shows it before " · StrikeDesk" (in the language on screen). */
  title: string;
  /**
   * The same screen at another address (a settings section, a query on the same route): its heading stays
   * the same element, so only the address and the title can show the move; the caller checks the rest.
   */
  sameScreen?: boolean;
};

/**
 * Opens `path` (with its query) inside the app and waits until the app shows it: the address, the tab's
 * title and, for another screen, a main heading that was not on the screen before (so nothing is read from
 * the screen left behind). Fails if the move became a page load.
 */
export async function openInApp(page: Page, path: string, arrival: Arrival): Promise<void> {
  const move = await page.evaluate((to) => {
    const current = window as InAppWindow;
    current.e2eInAppMoves = (current.e2eInAppMoves ?? 0) + 1;
    // The headings of the screen left behind: the next screen's heading is a new element.
    for (const heading of document.querySelectorAll('h1')) heading.setAttribute('data-e2e-left-behind', '');
    const position = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: position + 1 }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    return current.e2eInAppMoves;
  }, path);
  await expect(page, `moved to ${path}`).toHaveURL(path);
  await expect(page, `title at ${path}`).toHaveTitle(`${arrival.title} · StrikeDesk`);
  if (!arrival.sameScreen) await expect(page.locator('h1:not([data-e2e-left-behind])').first(), `heading at ${path}`).toBeVisible();
  // The window is the same one: a page load would have started a new one, without the count.
  expect(await page.evaluate(() => (window as InAppWindow).e2eInAppMoves), `${path} opened without a page load`).toBe(move);
}
