import { useEffect, useState, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import { refusalText } from '@/features/portfolios/refusal-text';
import type { ApiError } from '@/lib/api/api-error';

type Values = Readonly<Record<string, unknown>>;

/**
 * Where a server refusal shows. When the server names a field on screen (lots, params.strike_offset), the
 * text goes under that field for as long as it holds the refused value, and the field gets focus so a
 * screen reader reads the error with it; otherwise the text goes above the form. Nothing the trader typed
 * is touched.
 */
export function useRefusal(
  error: ApiError | null,
  values: Values,
  fields: readonly string[],
  formRef: RefObject<HTMLFormElement | null>,
) {
  const intl = useIntl();
  const [sent, setSent] = useState<Values | null>(null);
  const text = error ? refusalText(error, intl) : null;
  const named = error?.field;
  const field = text !== null && sent !== null && named !== undefined && fields.includes(named) ? named : null;

  useEffect(() => {
    if (field === null) return;
    const target = formRef.current?.elements.namedItem(field);
    if (target instanceof HTMLElement) target.focus();
  }, [error, field, formRef]);

  // Under its field, "lots: NIFTY allows at most 27 lots" need not repeat which field it is about.
  const underField = field !== null && text?.startsWith(`${field}: `) ? text.slice(field.length + 2) : text;
  return {
    /** Call with the values about to be sent. */
    markSent: setSent,
    banner: field === null ? text : null,
    fieldError: (name: string): string | undefined =>
      name === field && sent !== null && Object.is(values[name], sent[name]) ? (underField ?? undefined) : undefined,
  };
}
