// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fitCount } from '@/app/layouts/fit-count';

const widths = [100, 120, 80, 140, 90];
const gap = 4;
// All five in a row: 530 + 4 gaps.
const allFive = 530 + 4 * gap;

describe('how many top-bar items fit', () => {
  it('shows every item, and no More button, when they all fit', () => {
    expect(fitCount({ itemWidths: widths, available: allFive, moreWidth: 90, gap })).toBe(5);
    expect(fitCount({ itemWidths: widths, available: 2000, moreWidth: 90, gap })).toBe(5);
  });

  it('keeps room for More once one item does not fit', () => {
    // One pixel short: More (90) must fit after the kept items and a gap.
    // 100+120+80 + 2 gaps = 308, + gap + 90 = 402 ≤ 545; adding 140 + gap → 546 > 545.
    expect(fitCount({ itemWidths: widths, available: allFive - 1, moreWidth: 90, gap })).toBe(3);
  });

  it('follows the width: narrower rows keep fewer items', () => {
    expect(fitCount({ itemWidths: widths, available: 402, moreWidth: 90, gap })).toBe(3);
    expect(fitCount({ itemWidths: widths, available: 401, moreWidth: 90, gap })).toBe(2);
    expect(fitCount({ itemWidths: widths, available: 50, moreWidth: 90, gap })).toBe(0);
  });

  it('tolerates sub-pixel sums of a row that really fits', () => {
    expect(fitCount({ itemWidths: [100.3, 100.3], available: 204.5, moreWidth: 90, gap })).toBe(2);
  });
});
