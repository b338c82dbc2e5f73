/**
 * Reads a base strategy's `parameters` (a JSON Schema object, draft 2020-12) into the fields a bot form
 * renders. Only the shapes a strategy's parameters take are understood: numbers and integers with bounds
 * and a step, booleans, enums, and text. A property of any other shape is skipped rather than guessed at:
 * the server validates `params` against the full schema and names the field if something is missing.
 * The `x-enabled-when` annotation ({ trailing_sl: [true] }) says a field only matters while each named
 * sibling holds one of the listed values; the form disables it otherwise (param-enabled.ts).
 */
export type EnabledWhen = { key: string; values: readonly (string | number | boolean)[] }[];

type Common = {
  key: string;
  /** The schema's `title`, else the key made readable (strike_offset → Strike offset). */
  label: string;
  hint?: string;
  required: boolean;
  /** Empty when the field always matters. */
  enabledWhen: EnabledWhen;
};

export type NumberParam = Common & {
  kind: 'number';
  integer: boolean;
  min?: number;
  max?: number;
  exclusiveMin?: number;
  exclusiveMax?: number;
  step?: number;
  defaultValue?: number;
};
export type BooleanParam = Common & { kind: 'boolean'; defaultValue: boolean };
export type EnumParam = Common & {
  kind: 'enum';
  options: (string | number)[];
  /** What each option reads as, in the options' order; the option itself when absent. */
  optionLabels?: string[];
  defaultValue?: string | number;
};
export type TextParam = Common & {
  kind: 'text';
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  defaultValue?: string;
};
export type ParamField = NumberParam | BooleanParam | EnumParam | TextParam;

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** strike_offset → Strike offset; hedgeDistance → Hedge distance. */
export function readableKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** `type` may be a list in 2020-12 (["integer", "null"]); the first non-null entry decides. */
function typeOf(schema: Json): string | undefined {
  const type = Array.isArray(schema.type) ? schema.type.find((entry) => entry !== 'null') : schema.type;
  return typeof type === 'string' ? type : undefined;
}

function enumOptions(schema: Json): (string | number)[] | undefined {
  const values = Array.isArray(schema.enum) ? schema.enum : schema.const !== undefined ? [schema.const] : undefined;
  if (!values || values.length === 0) return undefined;
  return values.every((value) => typeof value === 'string' || typeof value === 'number') ? values : undefined;
}

const isScalar = (value: unknown): value is string | number | boolean =>
  typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));

/** A malformed condition is dropped: the field then simply stays enabled. */
function enabledWhen(schema: Json): EnabledWhen {
  const conditions = schema['x-enabled-when'];
  if (!isRecord(conditions)) return [];
  return Object.entries(conditions).flatMap(([key, values]) =>
    Array.isArray(values) && values.length > 0 && values.every(isScalar) ? [{ key, values }] : [],
  );
}

function toField(key: string, schema: Json, required: boolean): ParamField | null {
  const common: Common = {
    key,
    label: text(schema.title) ?? readableKey(key),
    hint: text(schema.description),
    required,
    enabledWhen: enabledWhen(schema),
  };
  const type = typeOf(schema);
  const options = enumOptions(schema);
  if (options) {
    const fallback = schema.default;
    const defaultValue = options.find((option) => option === fallback);
    return { ...common, kind: 'enum', options, defaultValue };
  }
  if (type === 'integer' || type === 'number') {
    return {
      ...common,
      kind: 'number',
      integer: type === 'integer',
      min: num(schema.minimum),
      max: num(schema.maximum),
      exclusiveMin: num(schema.exclusiveMinimum),
      exclusiveMax: num(schema.exclusiveMaximum),
      step: num(schema.multipleOf),
      defaultValue: num(schema.default),
    };
  }
  if (type === 'boolean') {
    return { ...common, kind: 'boolean', required: false, defaultValue: schema.default === true };
  }
  if (type === 'string') {
    return {
      ...common,
      kind: 'text',
      minLength: num(schema.minLength),
      maxLength: num(schema.maxLength),
      pattern: text(schema.pattern),
      defaultValue: typeof schema.default === 'string' ? schema.default : undefined,
    };
  }
  return null;
}

/** The fields of a strategy's parameter schema, in the schema's order. */
export function paramFields(parameters: unknown): ParamField[] {
  if (!isRecord(parameters) || !isRecord(parameters.properties)) return [];
  const required = new Set(Array.isArray(parameters.required) ? parameters.required.filter((k) => typeof k === 'string') : []);
  const fields: ParamField[] = [];
  for (const [key, schema] of Object.entries(parameters.properties)) {
    if (!isRecord(schema)) continue;
    const field = toField(key, schema, required.has(key));
    if (field) fields.push(field);
  }
  return fields;
}
