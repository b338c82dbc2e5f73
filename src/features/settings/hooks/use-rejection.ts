import { useEffect, useState, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import { rejectionText } from '@/features/settings/settings-error-text';
import type { ApiError } from '@/lib/api/api-error';

type FormRef = RefObject<HTMLFormElement | null>;

/**
 * Where a server refusal shows. When the server names a field of the form, the text goes under that field
 * for as long as it still holds the refused value (editing it clears the error), and the field gets focus
 * so a screen reader reads the error with it. Otherwise the text goes above the form (an alert).
 */
export function useRejection<V extends Record<string, unknown>>(error: ApiError | null, values: V, formRef: FormRef) {
  const intl = useIntl();
  const [sent, setSent] = useState<V | null>(null);
  const text = error ? rejectionText(error, intl) : null;
  const named = error?.field;
  const field = text !== null && sent !== null && named !== undefined && Object.hasOwn(sent, named) ? named : null;

  useEffect(() => {
    if (field === null) return;
    const target = formRef.current?.elements.namedItem(field);
    if (target instanceof HTMLElement) target.focus();
  }, [error, field, formRef]);

  const fieldError = (name: keyof V & string): string | undefined => {
    if (text === null || name !== field || sent === null) return undefined;
    return Object.is(values[name], sent[name]) ? text : undefined;
  };

  return {
    /** Call with the values about to be sent. */
    markSent: setSent,
    banner: field === null ? text : null,
    fieldError,
  };
}
