import { describe, expect, it } from 'vitest';
import { comboKey, searchText } from '@/lib/market/underlying-combobox';

describe('the underlying search combobox', () => {
  it('opens a closed list on its first option (down) or its last (up), and ignores other keys then', () => {
    expect(comboKey('ArrowDown', { open: false, active: -1, count: 5 })).toEqual({ type: 'open', active: 0 });
    expect(comboKey('ArrowUp', { open: false, active: -1, count: 5 })).toEqual({ type: 'open', active: 4 });
    expect(comboKey('Enter', { open: false, active: -1, count: 5 })).toEqual({ type: 'none' });
  });

  it('moves through an open list wrapping at both ends, and jumps with Home and End', () => {
    expect(comboKey('ArrowDown', { open: true, active: -1, count: 3 })).toEqual({ type: 'move', active: 0 });
    expect(comboKey('ArrowDown', { open: true, active: 1, count: 3 })).toEqual({ type: 'move', active: 2 });
    expect(comboKey('ArrowDown', { open: true, active: 2, count: 3 })).toEqual({ type: 'move', active: 0 });
    expect(comboKey('ArrowUp', { open: true, active: 0, count: 3 })).toEqual({ type: 'move', active: 2 });
    expect(comboKey('Home', { open: true, active: 2, count: 3 })).toEqual({ type: 'move', active: 0 });
    expect(comboKey('End', { open: true, active: 0, count: 3 })).toEqual({ type: 'move', active: 2 });
  });

  it('picks the active option on Enter, nothing without one; Escape closes an open list only', () => {
    expect(comboKey('Enter', { open: true, active: 1, count: 3 })).toEqual({ type: 'pick', index: 1 });
    expect(comboKey('Enter', { open: true, active: -1, count: 3 })).toEqual({ type: 'none' });
    expect(comboKey('Escape', { open: true, active: 1, count: 3 })).toEqual({ type: 'close' });
    expect(comboKey('Escape', { open: false, active: -1, count: 3 })).toEqual({ type: 'none' });
  });

  it('does nothing with the arrows over an empty list (no match)', () => {
    expect(comboKey('ArrowDown', { open: true, active: -1, count: 0 })).toEqual({ type: 'none' });
    expect(comboKey('Enter', { open: true, active: 0, count: 0 })).toEqual({ type: 'none' });
  });

  it('asks the server the text trimmed, cut to its 40 characters', () => {
    expect(searchText('  reli ')).toBe('reli');
    expect(searchText('x'.repeat(50))).toHaveLength(40);
  });
});
