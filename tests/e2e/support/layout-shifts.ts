import type { Page } from '@playwright/test';

/**
 * The page's main landmark's moves since it loaded (the browser's layout-shift entries naming `<main>` as moved):
 * the screen under a trader's finger moved by whatever grew above it (a header strip whose prices arrived late), so
 * a tap that began on a button ended beside it and did nothing. Each move as "top before → top after" in CSS px.
 */
export async function mainLandmarkMoves(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const moves: string[] = [];
        const record = (entries: PerformanceEntryList) => {
          for (const entry of entries as unknown as Array<{ sources: Array<{ node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }> }>) {
            for (const source of entry.sources) {
              if (source.node instanceof HTMLElement && source.node.tagName === 'MAIN') moves.push(`${source.previousRect.top} → ${source.currentRect.top}`);
            }
          }
        };
        const observer = new PerformanceObserver((list) => record(list.getEntries()));
        // Buffered: the entries since the page loaded are delivered in a task of their own, read after it.
        observer.observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => {
          record(observer.takeRecords());
          observer.disconnect();
          resolve(moves);
        }, 100);
      }),
  );
}
