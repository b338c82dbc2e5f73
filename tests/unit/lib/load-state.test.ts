// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/api-error';
import { figureOf, type LoadState } from '@/lib/load/load-state';

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const offline = new ApiError('network', 'Error');

describe('figures from loaded data', () => {
  it('are unknown while the first answer is on its way, and after it failed: never a sum of nothing', () => {
    expect(figureOf<readonly number[], number>({ last: null, status: 'loading', error: null }, sum)).toEqual({ known: false, reason: 'loading' });
    expect(figureOf<readonly number[], number>({ last: null, status: 'failed', error: offline }, sum)).toEqual({ known: false, reason: 'failed' });
  });

  it('are known from the answer, fresh when it is this visit’s', () => {
    const state: LoadState<readonly number[]> = { last: { value: [2, 3], at: 1000 }, status: 'loaded', error: null };
    expect(figureOf(state, sum)).toEqual({ known: true, value: 5, asOf: null });
  });

  it('carry the time of the last answer when the latest refresh failed', () => {
    const state: LoadState<readonly number[]> = { last: { value: [2, 3], at: 1000 }, status: 'failed', error: offline };
    expect(figureOf(state, sum)).toEqual({ known: true, value: 5, asOf: 1000 });
  });
});
