import { useEffect, useState, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import { rejectionOf } from '@/features/brokers/brokers-error-text';
import type { ApiError } from '@/lib/api/api-error';

type FormRef = RefObject<HTMLFormElement | null>;

/**
 * Where a server refusal shows on a broker form. When it is about a field of the form, the text goes under
 * that field for as long as the field still holds the refused value, and the field gets focus so a screen
 * reader reads the error with it. Otherwise it goes above the form (an alert).
 */
export function useFormRejection<V extends Record<string, unknown>>(error: ApiError | null, values: V, formRef: FormRef) {
  const intl = useIntl();
  const [sent, setSent] = useState<V | null>(null);
  const rejection = rejectionOf(error, intl);
  const named = rejection?.field;
  const field = rejection && sent && named !== undefined && Object.hasOwn(sent, named) ? named : null;

  useEffect(() => {
    if (field === null) return;
    const target = formRef.current?.elements.namedItem(field);
    if (target instanceof HTMLElement) target.focus();
  }, [error, field, formRef]);

  const fieldError = (name: keyof V & string): string | undefined => {
    if (!rejection || name !== field || sent === null) return undefined;
    return Object.is(values[name], sent[name]) ? rejection.text : undefined;
  };

  return {
    /** Call with the values about to be sent. */
    markSent: setSent,
    banner: field === null ? (rejection?.text ?? null) : null,
    fieldError,
  };
}
