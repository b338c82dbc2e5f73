/**
 * Form state plus validation for every StrikeDesk form. Errors are derived from the current values on
 * each render (never stored), so they follow edits and the language on screen. A field shows its error
 * once it has been edited and left (blur), or the form was submitted; after that it updates as the user
 * types. Merely passing through an empty field says nothing: an error popping up there would shift the
 * layout under the pointer, e.g. as the user heads for a "Create an account" link.
 */
import { useCallback, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { FormSchema, Rule, ValidationIssue } from '@/lib/validation/rules';
import type { FormValidator } from '@/lib/validation/validate-fields';

type FieldMap<V, T> = Partial<Record<keyof V, T>>;
type StringField<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/** Spread onto a TextField / PasswordField: <TextField label={...} {...form.fieldProps('email')} />. */
export type FieldProps = {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
  onBlur: () => void;
  ref: (element: HTMLElement | null) => void;
};

export type FormValidation<V> = {
  values: V;
  /** The issues to show now (left or submitted fields only). */
  errors: FieldMap<V, ValidationIssue>;
  touched: FieldMap<V, boolean>;
  /** True when no field breaks a rule, shown or not. */
  isValid: boolean;
  setField: <K extends keyof V>(field: K, value: V[K]) => void;
  /** Marks a field as left, so its error shows. */
  blurField: (field: keyof V) => void;
  /** The shown error of a field (a rule's, else the server's), translated; undefined when there is none. */
  errorText: (field: keyof V) => string | undefined;
  /**
   * Shows an error the server found on a field (say "this email is already registered") until the field
   * is edited; undefined clears it. It does not stop validateAll: the server has the last word anyway.
   */
  setServerError: (field: keyof V, message: MessageDescriptor | string | undefined) => void;
  fieldProps: (field: StringField<V>) => FieldProps;
  /** For submit: shows every error, focuses the first invalid field, returns whether the form is valid. */
  validateAll: () => boolean;
  reset: (values?: V) => void;
};

/**
 * The form hook with the validator given: useFormValidation (every rule kind) for most forms, or a smaller
 * one such as validateBasicForm (basic-rules.ts) where the first visit's bytes count (sign-in).
 */
export function useFormState<V extends Record<string, unknown>, R extends Rule>(
  schema: FormSchema<V, R>,
  initialValues: V,
  validate: FormValidator<V, R>,
): FormValidation<V> {
  const intl = useIntl();
  const [values, setValues] = useState<V>(initialValues);
  const [touched, setTouched] = useState<FieldMap<V, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldMap<V, MessageDescriptor | string>>({});
  const elements = useRef(new Map<keyof V, HTMLElement>());
  const edited = useRef(new Set<keyof V>());

  const issues = useMemo(() => {
    const formatLabel = (label: MessageDescriptor | string) =>
      typeof label === 'string' ? label : intl.formatMessage(label);
    return validate(values, schema, formatLabel);
  }, [values, schema, intl, validate]);

  const errors = useMemo(() => {
    if (submitted) return issues;
    const shown: FieldMap<V, ValidationIssue> = {};
    for (const field of Object.keys(issues) as (keyof V)[]) {
      if (touched[field]) shown[field] = issues[field];
    }
    return shown;
  }, [issues, touched, submitted]);

  const setServerError = useCallback((field: keyof V, message: MessageDescriptor | string | undefined) => {
    setServerErrors((previous) => {
      if (previous[field] === message) return previous;
      const next = { ...previous };
      if (message === undefined) delete next[field];
      else next[field] = message;
      return next;
    });
  }, []);

  const setField = useCallback(
    <K extends keyof V>(field: K, value: V[K]) => {
      setValues((previous) => ({ ...previous, [field]: value }));
      edited.current.add(field);
      setServerError(field, undefined);
    },
    [setServerError],
  );

  const blurField = useCallback((field: keyof V) => {
    if (!edited.current.has(field)) return;
    setTouched((previous) => (previous[field] ? previous : { ...previous, [field]: true }));
  }, []);

  const errorText = (field: keyof V) => {
    const issue = errors[field];
    if (issue) return intl.formatMessage(issue.message, issue.values);
    const server = serverErrors[field];
    if (server === undefined) return undefined;
    return typeof server === 'string' ? server : intl.formatMessage(server);
  };

  const fieldProps = (field: StringField<V>): FieldProps => ({
    name: field,
    value: String(values[field] ?? ''),
    error: errorText(field),
    onChange: (event) => setField(field, event.currentTarget.value as V[typeof field]),
    onBlur: () => blurField(field),
    ref: (element) => {
      if (element) elements.current.set(field, element);
      else elements.current.delete(field);
    },
  });

  const validateAll = () => {
    setSubmitted(true);
    const invalid = Object.keys(schema).filter((field) => issues[field] !== undefined);
    const first = invalid.map((field) => elements.current.get(field)).find((element) => element !== undefined);
    first?.focus();
    return invalid.length === 0;
  };

  const reset = (next: V = initialValues) => {
    edited.current.clear();
    setValues(next);
    setTouched({});
    setSubmitted(false);
    setServerErrors({});
  };

  return {
    values,
    errors,
    touched,
    isValid: Object.keys(issues).length === 0,
    setField,
    blurField,
    errorText,
    setServerError,
    fieldProps,
    validateAll,
    reset,
  };
}
