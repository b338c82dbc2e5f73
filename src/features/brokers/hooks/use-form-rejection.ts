import { useMemo, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import { rejectionOf } from '@/features/brokers/brokers-error-text';
import type { ApiError } from '@/lib/api/api-error';
import { useServerRefusal } from '@/lib/validation/use-server-refusal';

/** A broker form's server refusal, placed by the shared rule (see useServerRefusal). */
export function useFormRejection<V extends Record<string, unknown>>(
  error: ApiError | null,
  values: V,
  formRef: RefObject<HTMLFormElement | null>,
) {
  const intl = useIntl();
  const refusal = useMemo(() => rejectionOf(error, intl), [error, intl]);
  return useServerRefusal(refusal, values, Object.keys(values), formRef);
}
