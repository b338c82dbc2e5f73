import type { MessageDescriptor } from 'react-intl';

/** What a `type` rule checks for. Form inputs hold strings, so number/integer accept numeric text. */
export type ValueType =
  | 'string'
  | 'number'
  | 'integer'
  | 'boolean'
  | 'array'
  | 'object'
  | 'date'
  | 'url'
  | 'email'
  | 'hex';

/** Set `equal`, or `min` and/or `max`. */
export type Bounds = { equal?: number; min?: number; max?: number };

/** Replaces the default message; it receives the same values ({label} and the rule's bounds). */
type Override = { message?: MessageDescriptor };

export type Rule =
  /** Fails on undefined, null, '' and []. Without it, an empty value skips every other rule but custom. */
  | ({ kind: 'required' } & Override)
  /** Fails on a non-empty string of blanks only. */
  | ({ kind: 'whitespace' } & Override)
  | ({ kind: 'enum'; values: readonly (string | number)[] } & Override)
  | ({ kind: 'type'; type: ValueType } & Override)
  /** String length, in characters (code points). */
  | ({ kind: 'length' } & Bounds & Override)
  /** Numeric value; numeric text such as '12.5' or '12,5' counts as a number. */
  | ({ kind: 'range' } & Bounds & Override)
  /** Array size. */
  | ({ kind: 'size' } & Bounds & Override)
  /**
   * `pattern` is tested as is (anchor it with ^…$). Prefer a `message` describing the expected shape
   * ("Mobile must be a 10-digit number") over the generic "does not match the expected format".
   */
  | ({ kind: 'pattern'; pattern: RegExp } & Override)
  /** A real calendar date (Date, timestamp, or text such as 2026-11-21). */
  | ({ kind: 'date' } & Override)
  /** Anything else, e.g. "passwords match"; sees every value of the form. Runs even on empty values. */
  | {
      kind: 'custom';
      test: (value: unknown, values: Readonly<Record<string, unknown>>) => boolean;
      message: MessageDescriptor;
      values?: Record<string, string | number>;
    };

export type ValidationIssue = {
  message: MessageDescriptor;
  values: Record<string, string | number>;
};

export type FieldSchema<R extends Rule = Rule> = {
  /** The field's name as shown to the user, e.g. the same descriptor as its visible label. */
  label: MessageDescriptor | string;
  rules: readonly R[];
  /**
   * The rules apply only while this holds for the form's values, e.g. a trail step only while the trailing
   * stop-loss is on: a field that does not matter now must not block the form.
   */
  when?: (values: Readonly<Record<string, unknown>>) => boolean;
};

/** `R`: the rules its fields may use (every kind unless a form's validator knows only some, basic-rules.ts). */
export type FormSchema<V, R extends Rule = Rule> = { readonly [K in keyof V]?: FieldSchema<R> };
