import { useMemo, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import { refusalText } from '@/features/portfolios/refusal-text';
import type { ApiError } from '@/lib/api/api-error';
import { useServerRefusal } from '@/lib/validation/use-server-refusal';

/** A portfolio or bot form's server refusal, placed by the shared rule (see useServerRefusal). */
export function useRefusal(
  error: ApiError | null,
  values: Readonly<Record<string, unknown>>,
  fields: readonly string[],
  formRef: RefObject<HTMLFormElement | null>,
) {
  const intl = useIntl();
  const refusal = useMemo(() => {
    const text = error ? refusalText(error, intl) : null;
    return error && text !== null ? { text, field: error.field } : null;
  }, [error, intl]);
  return useServerRefusal(refusal, values, fields, formRef);
}
