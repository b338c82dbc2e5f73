/**
 * Whether a strategy parameter matters with the values on the form now: its `x-enabled-when` conditions
 * (param-schema.ts) all hold, e.g. the trail step only while the trailing stop-loss is on.
 */
import { paramName } from '@/features/portfolios/model/param-rules';
import type { ParamField } from '@/features/portfolios/model/param-schema';
import { toNumber } from '@/lib/validation/coerce';

type Values = Readonly<Record<string, unknown>>;

/** The controlling field's value as the schema types it, to compare with the condition's values. */
function typedValue(field: ParamField, value: unknown): string | number | boolean | null {
  if (field.kind === 'boolean') return value === true;
  if (typeof value !== 'string') return null;
  if (field.kind === 'enum') return field.options.find((option) => String(option) === value) ?? null;
  if (field.kind === 'number') return toNumber(value);
  return value;
}

export function isParamEnabled(field: ParamField, fields: readonly ParamField[], values: Values): boolean {
  return field.enabledWhen.every(({ key, values: allowed }) => {
    const controller = fields.find((candidate) => candidate.key === key);
    // A condition on a parameter the form does not show cannot be judged here: the server has the last word.
    if (!controller) return true;
    const current = typedValue(controller, values[paramName(key)]);
    return allowed.some((value) => value === current);
  });
}

/** The keys of the parameters that do not matter now. */
export function disabledParamKeys(fields: readonly ParamField[], values: Values): Set<string> {
  return new Set(fields.filter((field) => !isParamEnabled(field, fields, values)).map((field) => field.key));
}
