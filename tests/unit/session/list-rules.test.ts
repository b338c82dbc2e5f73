// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { appendItem, removeItem, replaceItem } from '@/lib/session/list-rules';

const a = { id: 1, name: 'Main' };
const b = { id: 2, name: 'Weekly' };

describe('list state rules (spec §4)', () => {
  it('creating appends the item', () => {
    expect(appendItem([a], b)).toEqual([a, b]);
  });

  it('creating an item already there (an answer seen twice) replaces it instead of duplicating', () => {
    expect(appendItem([a, b], { id: 2, name: 'Weekly v2' })).toEqual([a, { id: 2, name: 'Weekly v2' }]);
  });

  it('updating replaces the item with the same id, in place', () => {
    expect(replaceItem([a, b], { id: 1, name: 'Main renamed' })).toEqual([{ id: 1, name: 'Main renamed' }, b]);
  });

  it('updating an unknown id changes nothing', () => {
    expect(replaceItem([a], b)).toEqual([a]);
  });

  it('deleting removes the item with that id', () => {
    expect(removeItem([a, b], 1)).toEqual([b]);
    expect(removeItem([a, b], 3)).toEqual([a, b]);
  });

  it('never mutates the list it was given', () => {
    const list = Object.freeze([a]);
    expect(() => appendItem(list, b)).not.toThrow();
    expect(list).toEqual([a]);
  });
});
