import { expect, test, type Locator, type Page } from './support/test';
import { StrategyBuilderPage } from './pages/strategy-builder-page';
import { signInReadyToTrade } from './support/trading';

// Overlays never cover what a trader acts on (issue 24): a toast on the strategy builder once sat over its
// last leg from 576 px up (the top-right corner, where the leg is once scrolled into view). Toasts now sit at
// the bottom at every width and the page keeps room under them, so the last leg's controls take the tap.

/** What a tap at the centre of `control` lands on is the control itself (or inside it), not an overlay. */
async function takesTheTap(page: Page, control: Locator): Promise<boolean> {
  const box = (await control.boundingBox())!;
  const handle = await control.elementHandle();
  return page.evaluate(
    ({ x, y, element }) => {
      const hit = document.elementFromPoint(x, y);
      return hit !== null && (hit === element || element!.contains(hit) || hit.contains(element!));
    },
    { x: box.x + box.width / 2, y: box.y + box.height / 2, element: handle },
  );
}

for (const width of [1280, 600]) {
  test(`at ${width}×800 a toast leaves the strategy builder's last leg free to use`, async ({ page }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width, height: 800 });
    await signInReadyToTrade(page);
    const builder = new StrategyBuilderPage(page);
    await builder.open();
    await builder.chooseExpiry(1);
    await builder.buildFromPreset('Iron condor', 4);
    // Two more legs: the list now runs past the bottom of the screen.
    for (const count of [5, 6]) {
      await page.getByRole('button', { name: 'Add at the money' }).click();
      await expect(builder.legCards()).toHaveCount(count);
    }
    const last = builder.legCards().last();
    const lastBox = (await last.boundingBox())!;
    expect(lastBox.y).toBeGreaterThan(800);

    // The basket's fills arrive as toasts while the trader reads the legs.
    await builder.tradeAll();
    const toasts = page.getByRole('region', { name: 'Notifications' });
    await expect(toasts.locator('[role="status"], [role="alert"]').first()).toBeVisible({ timeout: 20_000 });

    const controls = { remove: last.getByRole('button', { name: 'Remove leg 6' }), expiry: last.getByLabel('Expiry'), lots: last.getByLabel('Lots'), side: last.getByLabel('Buy or sell') };
    // Scrolled into view (the leg at the top of the screen, where toasts sat from 576 px): every control takes the tap.
    await last.scrollIntoViewIfNeeded();
    for (const [name, control] of Object.entries(controls)) expect(await takesTheTap(page, control), `${name} at the top`).toBe(true);
    await page.screenshot({ path: `test-results/builder-toast/last-leg-top-${width}.png` });
    // The page keeps room under the toasts at least as tall as what they cover, so its end (the last leg of
    // a builder with nothing after it) always scrolls above them.
    const room = await page.evaluate(() => {
      const stack = document.querySelector('section[aria-label="Notifications"]')!;
      return { padding: parseFloat(getComputedStyle(document.body).paddingBottom), covered: window.innerHeight - stack.getBoundingClientRect().top };
    });
    expect(room.covered).toBeGreaterThan(40);
    expect(room.padding).toBeGreaterThanOrEqual(room.covered - 1);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.screenshot({ path: `test-results/builder-toast/page-end-${width}.png` });
  });
}
