// @vitest-environment node
// The chain's strike range: ±10, ±25 or every strike, centred on an anchor that follows the money with slack.
import { describe, expect, it } from 'vitest';
import { nextAnchor, strikesInWindow } from '@/features/market/chain/strike-window';

const strikes = Array.from({ length: 251 }, (_, i) => 19_800 + i * 50);

describe('the strike window', () => {
  it('shows ±10 or ±25 strikes around the anchor, or all of them', () => {
    expect(strikesInWindow(strikes, 26_050, '10')).toEqual(Array.from({ length: 21 }, (_, i) => 25_550 + i * 50));
    expect(strikesInWindow(strikes, 26_050, '25')).toHaveLength(51);
    expect(strikesInWindow(strikes, 26_050, 'all')).toEqual(strikes);
    // Near the end of the list the window is cut, never padded with strikes that are not listed.
    expect(strikesInWindow(strikes, 19_850, '10')).toEqual(strikes.slice(0, 12));
    // No anchor (no spot yet, offline): the middle of the list, which the server lists around the money.
    expect(strikesInWindow(strikes, null, '10')).toEqual(strikes.slice(115, 136));
  });

  it('follows the money only once it drifts half the window away', () => {
    expect(nextAnchor(strikes, null, 26_050, '10')).toBe(26_050);
    expect(nextAnchor(strikes, 26_050, 26_300, '10')).toBe(26_050);
    expect(nextAnchor(strikes, 26_050, 26_350, '10')).toBe(26_350);
    expect(nextAnchor(strikes, 26_050, 26_650, '25')).toBe(26_050);
    expect(nextAnchor(strikes, 26_050, null, '10')).toBe(26_050);
    expect(nextAnchor(strikes, null, null, '10')).toBeNull();
  });
});
