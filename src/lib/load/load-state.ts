/**
 * What a screen holds of remote data, kept apart from the data itself so a figure can never be computed
 * from a list that did not come: `last` is the server's last answer and when it came (null: none yet),
 * `status` how the latest attempt went. "Failed with nothing" and "failed, but the last answer of 14:05 is
 * here" are different states, and neither is an empty list.
 */
import type { ApiError } from '@/lib/api/api-error';

export type LoadStatusKind = 'loading' | 'loaded' | 'failed';

export type LoadState<T> = {
  last: { value: T; at: number } | null;
  status: LoadStatusKind;
  error: ApiError | null;
};

/**
 * A number shown on screen, derived from loaded data only: known (with `asOf` set when it is the last known
 * value and the latest attempt to refresh it failed), or unknown with the reason.
 */
export type Figure<R> = { known: true; value: R; asOf: number | null } | { known: false; reason: 'loading' | 'failed' };

/** Computes a figure from the data's last answer; never from a missing one (no empty-list default). */
export function figureOf<T, R>(state: LoadState<T>, compute: (value: T) => R): Figure<R> {
  if (state.last === null) return { known: false, reason: state.status === 'failed' ? 'failed' : 'loading' };
  return { known: true, value: compute(state.last.value), asOf: state.status === 'failed' ? state.last.at : null };
}
