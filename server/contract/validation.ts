// Request validation from the contract's schemas with Ajv (JSON Schema 2020-12, as the contract tests
// compile them). Bodies are never coerced and unknown fields are refused; path, query and header
// parameters, which arrive as text, become numbers only when spelled as plain decimals
// (parameter-coercion.ts). Before any schema, every string and field name of every part is checked for
// text Postgres cannot keep (text-guard.ts). A failure names the field in plain words.
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Contract, ContractOperation, ContractParameter, JsonObject } from './document.ts';
import { parameterCoercion, type ParameterCoercion } from './parameter-coercion.ts';
import { findTextFault } from './text-guard.ts';

export type RequestPart = 'body' | 'params' | 'querystring' | 'headers';

export type ValidationFailure = { message: string; field?: string };

/** What a route hands Fastify: one check per request part the operation declares. */
export type RequestValidators = Partial<Record<RequestPart, (data: unknown) => ValidationFailure | null>>;

export type ContractValidators = { forOperation: (operation: ContractOperation) => RequestValidators };

/**
 * Ajv's `multipleOfPrecision`: how far (1e-3 of a step) a number may sit from a multiple of its
 * `multipleOf`. Binary floating point holds neither 0.07 nor 0.01 exactly (0.07 / 0.01 is
 * 7.000000000000001), so an exact test refuses valid rupees. Up to the contract's largest amount
 * (1e10 rupees) the rounding error stays below 2e-4 of a step, while 0.001 is 0.1 of a step from a
 * paisa; what the tolerance lets through is within 1e-5 rupees of a paisa, where numeric(…, 2) puts it.
 * Every Ajv that checks the contract uses this (the contract tests' too).
 */
export const multipleOfPrecision = 3;

function newAjv(contract: Contract): Ajv2020 {
  const ajv = new Ajv2020({
    strict: true,
    // `if/then` conditional requirements (LIMIT needs a price) are correct JSON Schema that strictRequired flags.
    strictRequired: false,
    allowUnionTypes: true,
    allErrors: false,
    removeAdditional: false,
    useDefaults: false,
    coerceTypes: false,
    multipleOfPrecision,
  });
  addFormats(ajv);
  // The OpenAPI wrappers are not schemas; inert keywords let pointers reach the schemas inside them.
  ajv.addKeyword('components');
  ajv.addKeyword('paths');
  ajv.addSchema({ $id: contract.id, components: contract.doc.components, paths: contract.doc.paths });
  return ajv;
}

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

function parameterSchema(contract: Contract, parameters: ContractParameter[], lowerCase: boolean): JsonObject {
  const properties: JsonObject = {};
  const required: string[] = [];
  for (const parameter of parameters) {
    const name = lowerCase ? parameter.name.toLowerCase() : parameter.name;
    properties[name] = { $ref: `${contract.id}${parameter.schemaPointer}` };
    if (parameter.required) required.push(name);
  }
  // Extra query parameters are ignored, not refused: proxies and analytics links add their own.
  return { type: 'object', properties, required, additionalProperties: true };
}

const partWords: Record<RequestPart, string> = { body: 'body', params: 'path', querystring: 'query', headers: 'headers' };

type CheckOptions = { names?: ReadonlyMap<string, string>; coerce?: ParameterCoercion };

function check(validate: ValidateFunction, part: RequestPart, { names, coerce }: CheckOptions = {}) {
  return (data: unknown): ValidationFailure | null => {
    const fault = findTextFault(data);
    if (fault !== null) {
      const dotted = fault.path.join('.');
      const field = names?.get(dotted) ?? dotted;
      return field === '' ? { message: `The request ${partWords[part]}: ${fault.message}` } : { message: `${field}: ${fault.message}`, field };
    }
    coerce?.(data);
    return validate(data) ? null : describeFailure(validate.errors ?? [], part, names);
  };
}

export function createContractValidators(contract: Contract): ContractValidators {
  const ajv = newAjv(contract);
  return {
    forOperation(operation) {
      const validators: RequestValidators = {};
      if (operation.bodySchemaPointer !== null) {
        validators.body = check(ajv.compile({ $ref: `${contract.id}${operation.bodySchemaPointer}` }), 'body');
      }
      const parts = [
        ['path', 'params', false],
        ['query', 'querystring', false],
        ['header', 'headers', true],
      ] as const;
      for (const [location, part, lowerCase] of parts) {
        const parameters = operation.parameters.filter((parameter) => parameter.in === location);
        if (parameters.length === 0) continue;
        const nameOf = (parameter: ContractParameter) => (lowerCase ? parameter.name.toLowerCase() : parameter.name);
        // Node lower-cases header names; answers still name them as the contract spells them.
        const names = new Map(lowerCase ? parameters.map((parameter) => [nameOf(parameter), parameter.name]) : []);
        const validate = ajv.compile(parameterSchema(contract, parameters, lowerCase));
        validators[part] = check(validate, part, { names, coerce: parameterCoercion(parameters, nameOf) });
      }
      return validators;
    },
  };
}
