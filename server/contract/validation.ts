// Request validation from the contract's schemas with Ajv (JSON Schema 2020-12, as the contract tests
// compile them). Bodies are never coerced and unknown fields are refused; path, query and header
// parameters, which arrive as text, become numbers only when spelled as plain decimals
// (parameter-coercion.ts). Before any schema, every string and field name of every part is checked for
// text Postgres cannot keep (text-guard.ts). A failure names the field in plain words.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Contract, ContractOperation, ContractParameter, JsonObject } from './document.ts';
import { describeFailure, type RequestPart, type ValidationFailure } from './failure-messages.ts';
import { parameterCoercion, type ParameterCoercion } from './parameter-coercion.ts';
import { fieldText, partText, validationTexts } from '../services/texts/validation-texts.ts';
import { findTextFault } from './text-guard.ts';

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

type CheckOptions = { names?: ReadonlyMap<string, string>; coerce?: ParameterCoercion };

function check(validate: ValidateFunction, part: RequestPart, { names, coerce }: CheckOptions = {}) {
  return (data: unknown): ValidationFailure | null => {
    const fault = findTextFault(data);
    if (fault !== null) {
      const dotted = fault.path.join('.');
      const field = names?.get(dotted) ?? dotted;
      const said = validationTexts.unstorableText(field === '' ? partText(part) : fieldText(field), fault.kind, fault.inName);
      return { message: said.text, ...(field === '' ? {} : { field }), text: said.i18n };
    }
    coerce?.(data);
    return validate(data) ? null : describeFailure(validate.errors ?? [], part, names);
  };
}

// Compiled once per contract and operation in a process: every server built on the same contract (the test
// suites build hundreds, each of which compiled every route's schemas again, about 0.5 s of CPU a server) shares
// them. A compiled check keeps no state between requests (Ajv's `errors` is read right after each call).
const compiledByContract = new WeakMap<Contract, ContractValidators>();

export function createContractValidators(contract: Contract): ContractValidators {
  const known = compiledByContract.get(contract);
  if (known !== undefined) return known;
  const compiled = new WeakMap<ContractOperation, RequestValidators>();
  const uncached = compileContractValidators(contract);
  const validators: ContractValidators = {
    forOperation(operation) {
      let found = compiled.get(operation);
      if (found === undefined) {
        found = uncached.forOperation(operation);
        compiled.set(operation, found);
      }
      return found;
    },
  };
  compiledByContract.set(contract, validators);
  return validators;
}

function compileContractValidators(contract: Contract): ContractValidators {
  // Made at the first route's first request (contract-route.ts): adding the contract checks it against the
  // meta-schema, part of what a start no longer waits for (issue 61).
  let made: Ajv2020 | undefined;
  return {
    forOperation(operation) {
      const ajv = (made ??= newAjv(contract));
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
