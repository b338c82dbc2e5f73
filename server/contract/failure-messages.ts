// Ajv's errors in plain words for the trader: the first error of a failed validation becomes the
// answer's message and names the field (dotted for nested ones), as the contract's Error describes.
import type { ErrorObject } from 'ajv/dist/2020.js';
import type { LocalText, Said } from '../services/texts/said.ts';
import { fieldText, partText, typeWords, validationTexts, type RequestPart } from '../services/texts/validation-texts.ts';

export type { RequestPart };

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

export type ValidationFailure = { message: string; field?: string; text?: LocalText };

function fieldOf(instancePath: string, names: ReadonlyMap<string, string>): string {
  const dotted = instancePath
    .split('/')
    .slice(1)
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'))
    .join('.');
  return names.get(dotted) ?? dotted;
}

/** The refusal of one field's value, coded (validation-texts.ts); null for rules no trader's form meets (their English is Ajv's or plain). */
function saidOf(error: ErrorObject, field: string): Said | null {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'type':
      return validationTexts.type(field, String(params.type).split(','));
    case 'format':
      return validationTexts.format(field, String(params.format));
    case 'minLength':
      return validationTexts.minLength(field, Number(params.limit));
    case 'maxLength':
      return validationTexts.maxLength(field, Number(params.limit));
    case 'pattern':
      return validationTexts.pattern(field);
    case 'enum':
      return validationTexts.oneOfValues(field, params.allowedValues as unknown[]);
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return validationTexts.bound(field, error.keyword, Number(params.limit));
    case 'multipleOf': {
      // 0.01 reads better as what it means: rupees to the paisa, percentages to two decimals.
      const step = Number(params.multipleOf);
      const places = Math.round(-Math.log10(step));
      return places > 0 && 10 ** -places === step ? validationTexts.decimals(field, places) : validationTexts.multipleOf(field, step);
    }
    case 'minItems':
      return validationTexts.minItems(field, Number(params.limit));
    case 'maxItems':
      return validationTexts.maxItems(field, Number(params.limit));
    case 'uniqueItems':
      return validationTexts.uniqueItems(field);
    case 'oneOf':
    case 'anyOf':
      return validationTexts.noForm(field);
    default:
      return null;
  }
}

/** The words of a rule with no code: a whole request part's, or one no form of the app can break. */
function explain(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'const':
      return `must be ${JSON.stringify(params.allowedValue)}`;
    case 'minProperties':
      return `must have at least ${plural(Number(params.limit), 'field')}`;
    case 'maxProperties':
      return `must have at most ${plural(Number(params.limit), 'field')}`;
    case 'type':
      // More than one type (text or a number): no form sends those, so they keep plain English.
      return `must be ${String(params.type).split(',').map((type) => typeWords[type as keyof typeof typeWords] ?? type).join(' or ')}`;
    default:
      return saidOf(error, '')?.text.replace(/^: /, '') ?? error.message ?? 'is not valid';
  }
}

const coded = (said: Said, field?: string): ValidationFailure => ({ message: said.text, ...(field === undefined ? {} : { field }), text: said.i18n });

/** Turns Ajv's first error into the answer's message and field, and its code and parameters when it has them. */
export function describeFailure(errors: readonly ErrorObject[], part: RequestPart, names: ReadonlyMap<string, string> = new Map()): ValidationFailure {
  // A failed oneOf/anyOf lists every branch's complaint first: the combinator's own error says it best.
  const error = errors.find((item) => item.keyword === 'oneOf' || item.keyword === 'anyOf') ?? errors[0];
  if (error === undefined) return coded(validationTexts.invalid(partText(part), 'The request is not valid'));
  const parent = fieldOf(error.instancePath, names);
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'additionalProperties') {
    const field = [parent, String(params.additionalProperty)].filter((segment) => segment !== '').join('.');
    return coded(validationTexts.unknownField(field), field);
  }
  if (error.keyword === 'required') {
    const missing = String(params.missingProperty);
    const field = [parent, names.get(missing) ?? missing].filter((segment) => segment !== '').join('.');
    return coded(validationTexts.required(field), field);
  }
  if (parent === '') {
    if (part === 'body' && error.keyword === 'type') return coded(validationTexts.bodyNotObject);
    if (error.keyword === 'minProperties') return coded(validationTexts.tooFewFields(Number(params.limit)));
    if (error.keyword === 'oneOf' || error.keyword === 'anyOf') return coded(validationTexts.partNoForm(part));
    return coded(validationTexts.invalid(partText(part), `The request ${part === 'body' ? 'body' : part} ${explain(error)}`));
  }
  if (error.keyword === 'maxProperties') return coded(validationTexts.maxFields(parent, Number(params.limit)), parent);
  const said = saidOf(error, parent) ?? validationTexts.invalid(fieldText(parent), `${parent}: ${explain(error)}`);
  return coded(said, parent);
}
