// Ajv's errors in plain words for the trader: the first error of a failed validation becomes the
// answer's message and names the field (dotted for nested ones), as the contract's Error describes.
import type { ErrorObject } from 'ajv/dist/2020.js';

export type RequestPart = 'body' | 'params' | 'querystring' | 'headers';

export type ValidationFailure = { message: string; field?: string };

const typeWords: Record<string, string> = {
  string: 'text',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'null',
};

const formatWords: Record<string, string> = {
  email: 'a valid email address',
  date: 'a date like 2025-01-16',
  'date-time': 'a date and time like 2025-01-16T09:15:00+05:30',
  uri: 'a valid link',
  'uri-reference': 'a valid link',
  uuid: 'a UUID',
};

/** Patterns are unreadable to people; these fields say what they expect instead. */
const patternWords: Record<string, string> = {
  mobile: 'must be an Indian mobile number: 10 digits starting with 6, 7, 8 or 9, optionally after +91',
  'Idempotency-Key': 'must be 8 to 128 letters, digits or . _ : -',
};

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function fieldOf(instancePath: string, names: ReadonlyMap<string, string>): string {
  const dotted = instancePath
    .split('/')
    .slice(1)
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'))
    .join('.');
  return names.get(dotted) ?? dotted;
}

function explain(error: ErrorObject, field: string): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'type': {
      const types = String(params.type).split(',');
      return `must be ${types.map((type) => typeWords[type] ?? type).join(' or ')}`;
    }
    case 'format':
      return `must be ${formatWords[String(params.format)] ?? `a valid ${String(params.format)}`}`;
    case 'minLength':
      return params.limit === 1 ? 'must not be empty' : `must be at least ${plural(Number(params.limit), 'character')}`;
    case 'maxLength':
      return `must be at most ${plural(Number(params.limit), 'character')}`;
    case 'pattern': {
      const leaf = field.split('.').pop() ?? field;
      return patternWords[leaf] ?? 'is not in the expected format';
    }
    case 'enum':
      return `must be one of ${(params.allowedValues as unknown[]).map(String).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(params.allowedValue)}`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      const words = { minimum: 'at least', maximum: 'at most', exclusiveMinimum: 'greater than', exclusiveMaximum: 'less than' };
      return `must be ${words[error.keyword]} ${String(params.limit)}`;
    }
    case 'multipleOf': {
      // 0.01 reads better as what it means: rupees to the paisa, percentages to two decimals.
      const step = Number(params.multipleOf);
      const places = Math.round(-Math.log10(step));
      if (places > 0 && 10 ** -places === step) return `must have at most ${plural(places, 'decimal place')}`;
      return `must be a multiple of ${String(params.multipleOf)}`;
    }
    case 'minItems':
      return `must have at least ${plural(Number(params.limit), 'item')}`;
    case 'maxItems':
      return `must have at most ${plural(Number(params.limit), 'item')}`;
    case 'uniqueItems':
      return 'must not contain the same value twice';
    case 'minProperties':
      return `must have at least ${plural(Number(params.limit), 'field')}`;
    case 'maxProperties':
      return `must have at most ${plural(Number(params.limit), 'field')}`;
    case 'oneOf':
    case 'anyOf':
      return 'does not match any of the allowed forms';
    default:
      return error.message ?? 'is not valid';
  }
}

/** Turns Ajv's first error into the answer's message and field. */
export function describeFailure(errors: readonly ErrorObject[], part: RequestPart, names: ReadonlyMap<string, string> = new Map()): ValidationFailure {
  // A failed oneOf/anyOf lists every branch's complaint first: the combinator's own error says it best.
  const error = errors.find((item) => item.keyword === 'oneOf' || item.keyword === 'anyOf') ?? errors[0];
  if (error === undefined) return { message: 'The request is not valid' };
  const parent = fieldOf(error.instancePath, names);
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'additionalProperties') {
    const field = [parent, String(params.additionalProperty)].filter((segment) => segment !== '').join('.');
    return { message: `unknown field "${field}"`, field };
  }
  if (error.keyword === 'required') {
    const missing = String(params.missingProperty);
    const field = [parent, names.get(missing) ?? missing].filter((segment) => segment !== '').join('.');
    return { message: `${field}: is required`, field };
  }
  if (parent === '') {
    if (part === 'body' && error.keyword === 'type') return { message: 'The request body must be a JSON object' };
    if (error.keyword === 'minProperties') return { message: `Send at least ${plural(Number(params.limit), 'field')}` };
    return { message: `The request ${part === 'body' ? 'body' : part} ${explain(error, '')}` };
  }
  return { message: `${parent}: ${explain(error, parent)}`, field: parent };
}
