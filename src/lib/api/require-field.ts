import { ApiError } from '@/lib/api/api-error';
import { FALLBACK_MESSAGE, errorFromStatus, messageOf } from '@/lib/api/error-from-status';
import { reportApiError } from '@/lib/api/api-error-events';

type Result<D> = { data?: D; error?: unknown; response: Response };
type WithField<D, K extends keyof D> = D & { [P in K]-?: NonNullable<D[P]> };

/**
 * A call succeeds only when its answer carries the field the spec names (§5, §8): otherwise it fails with
 * the answer's own message. Returns the answer, typed with those fields present.
 */
export function requireField<D extends object, K extends keyof D & string>(
  result: Result<D>,
  ...fields: [K, ...K[]]
): WithField<D, K> {
  const { data, error, response } = result;
  if (error !== undefined) throw errorFromStatus(response.status, error);
  if (!hasFields(data, fields)) {
    const failure = new ApiError('invalid_response', messageOf(data) ?? FALLBACK_MESSAGE, { status: response.status });
    reportApiError(failure);
    throw failure;
  }
  return data;
}

function hasFields<D extends object, K extends keyof D>(data: D | undefined, fields: K[]): data is WithField<D, K> {
  return data !== undefined && data !== null && fields.every((field) => data[field] !== undefined && data[field] !== null);
}
