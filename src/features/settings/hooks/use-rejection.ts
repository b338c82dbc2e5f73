import { useMemo, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import { rejectionText } from '@/features/settings/settings-error-text';
import type { ApiError } from '@/lib/api/api-error';
import { useServerRefusal } from '@/lib/validation/use-server-refusal';

/** A settings form's server refusal, placed by the shared rule (see useServerRefusal). */
export function useRejection<V extends Record<string, unknown>>(
  error: ApiError | null,
  values: V,
  formRef: RefObject<HTMLFormElement | null>,
) {
  const intl = useIntl();
  const refusal = useMemo(() => {
    const text = error ? rejectionText(error, intl) : null;
    return error && text !== null ? { text, field: error.field } : null;
  }, [error, intl]);
  return useServerRefusal(refusal, values, Object.keys(values), formRef);
}
