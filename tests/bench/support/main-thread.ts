/** Main-thread figures of a page in Chromium: long tasks and frame gaps while idle, scrolling or typing. */
import type { Page } from '@playwright/test';

export type Figures = { longestTaskMs: number; longTasks: number; frames: number; droppedFrames: number; worstFrameMs: number };

/**
 * Watches long tasks and frame gaps in the page for `ms` while `act` runs there: idle, scrolling the element
 * `scroller` selects up and down, or typing one key a frame into a field of its own.
 */
export async function measure(page: Page, ms: number, act: 'idle' | 'scroll' | 'type', scroller: string): Promise<Figures> {
  return page.evaluate(
    ({ duration, action, selector }) =>
      new Promise<Figures>((resolve) => {
        const tasks: number[] = [];
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) tasks.push(entry.duration);
        });
        observer.observe({ type: 'longtask' });
        const gaps: number[] = [];
        const box = document.querySelector<HTMLElement>(selector);
        const field = document.createElement('input');
        field.setAttribute('aria-label', 'bench typing');
        document.body.append(field);
        field.focus();
        let last = performance.now();
        const end = last + duration;
        let direction = 1;
        const frame = (now: number) => {
          gaps.push(now - last);
          last = now;
          if (action === 'scroll' && box !== null) {
            if (box.scrollTop + box.clientHeight >= box.scrollHeight - 2) direction = -1;
            if (box.scrollTop <= 0) direction = 1;
            box.scrollTop += 24 * direction;
          }
          if (action === 'type') {
            // One key every frame: what a fast typist's input events cost the main thread.
            field.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
            field.value += 'a';
            field.dispatchEvent(new InputEvent('input', { data: 'a', bubbles: true }));
          }
          if (now < end) requestAnimationFrame(frame);
          else {
            observer.disconnect();
            field.remove();
            const frameMs = 1000 / 60;
            resolve({
              longestTaskMs: Math.max(0, ...tasks),
              longTasks: tasks.length,
              frames: gaps.length,
              droppedFrames: gaps.filter((gap) => gap > frameMs * 2).length,
              worstFrameMs: Math.max(0, ...gaps),
            });
          }
        };
        requestAnimationFrame(frame);
      }),
    { duration: ms, action: act, selector: scroller },
  );
}
