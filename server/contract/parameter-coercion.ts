// Path and query parameters arrive as text; the contract types some of them as numbers or booleans.
// Ajv's own coercion reads text the way JavaScript's Number() does, so "Infinity", "1e308", "0x10",
// " 12" and "+5" all became numbers (and reached Postgres as such). Here a text becomes a number only
// when it is spelled as a plain decimal number, exactly as a body's JSON would carry it; anything else
// stays text, and the schema then refuses it as "must be a whole number" like a body field.
import type { ContractParameter } from './document.ts';

// No exponent, no sign but a leading minus, no leading zeros, no spaces: one spelling per value.
const integerText = /^-?(0|[1-9][0-9]*)$/;
const numberText = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/;

function readText(text: string, types: readonly string[]): unknown {
  if (types.includes('string')) return text;
  if (types.includes('integer') && integerText.test(text)) return Number(text);
  if (types.includes('number') && numberText.test(text)) return Number(text);
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

export type ParameterCoercion = (data: unknown) => void;

/** Rewrites, in place, the declared parameters whose text spells a value of their declared type. */
export function parameterCoercion(parameters: readonly ContractParameter[], names: (parameter: ContractParameter) => string): ParameterCoercion {
  const typed = parameters.filter((parameter) => parameter.types.some((type) => type === 'integer' || type === 'number' || type === 'boolean'));
  return (data) => {
    if (typeof data !== 'object' || data === null) return;
    const values = data as Record<string, unknown>;
    for (const parameter of typed) {
      const name = names(parameter);
      const value = values[name];
      if (typeof value === 'string') values[name] = readText(value, parameter.types);
    }
  };
}
