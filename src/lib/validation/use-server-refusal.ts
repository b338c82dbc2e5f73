import { useLayoutEffect, useState, type RefObject } from 'react';

type Values = Readonly<Record<string, unknown>>;

/** A server refusal as a form shows it: its text (in the trader's language) and the field it names, if any. */
export type Refusal = { text: string; field?: string | undefined };

/**
 * Where a server refusal shows, for every form. When the server names a field on screen (lots,
 * params.strike_offset, current_password), the text goes under that field for as long as it holds the
 * refused value, and the field gets focus so a screen reader reads the error with it; otherwise the text
 * goes above the form. Nothing the trader typed is touched.
 */
export function useServerRefusal(
  refusal: Refusal | null,
  values: Values,
  fields: readonly string[],
  formRef: RefObject<HTMLFormElement | null>,
) {
  const [sent, setSent] = useState<Values | null>(null);
  const text = refusal?.text ?? null;
  const named = refusal?.field;
  const field = text !== null && sent !== null && named !== undefined && fields.includes(named) ? named : null;

  // A layout effect: the field has focus in the same commit that shows its error, so nothing (a screen
  // reader, a test) sees the error while focus still sits on the submit button.
  useLayoutEffect(() => {
    if (field === null) return;
    const target = formRef.current?.elements.namedItem(field);
    if (target instanceof HTMLElement) target.focus();
  }, [refusal, field, formRef]);

  // Under its field, "lots: NIFTY allows at most 27 lots" need not repeat which field it is about.
  const underField = field !== null && text?.startsWith(`${field}: `) ? text.slice(field.length + 2) : text;
  return {
    /** Call with the values about to be sent. */
    markSent: (values: Values) => setSent(values),
    banner: field === null ? text : null,
    fieldError: (name: string): string | undefined =>
      name === field && sent !== null && Object.is(values[name], sent[name]) ? (underField ?? undefined) : undefined,
  };
}
