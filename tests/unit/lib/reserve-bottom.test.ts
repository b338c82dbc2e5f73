import { afterEach, describe, expect, it } from 'vitest';
import { coveredBelow, reserveBottom } from '@/lib/layout/reserve-bottom';

const reserved = () => document.documentElement.style.getPropertyValue('--overlay-bottom');

afterEach(() => {
  reserveBottom('update-prompt', 0);
  reserveBottom('toaster', 0);
});

describe('room under the page for bottom overlays', () => {
  it('reserves what an overlay covers at the bottom of the screen, and nothing for one at the top', () => {
    // A 740 px phone: a 120 px offer at the bottom covers 120 px; a toast under the header covers none of the bottom.
    expect(coveredBelow(620, 120, 740)).toBe(120);
    expect(coveredBelow(86, 80, 740)).toBe(0);
    expect(coveredBelow(740, 0, 740)).toBe(0);
    // A stack of toasts at the bottom taller than half the screen: all of it (it once counted for nothing).
    expect(coveredBelow(300, 432, 740)).toBe(440);
  });

  it('adds up every overlay’s room on the root, and gives it back when one goes', () => {
    reserveBottom('update-prompt', 120);
    reserveBottom('toaster', 64);
    expect(reserved()).toBe('184px');
    reserveBottom('update-prompt', 0);
    expect(reserved()).toBe('64px');
  });
});
