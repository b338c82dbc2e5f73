// A valid request for any operation of openapi/main.yaml, built from the contract itself (examples,
// enums, bounds) and pointed at objects the signed-in owner really has, so that a bad value put into
// one of its places is the only thing wrong with it and the request gets past authentication,
// ownership and every other field. A new operation gets a sample without editing this file.
import type { ContractOperation } from '../../../server/contract/document.ts';
import { deref, isRecord, type Json } from '../../unit/contract/openapi-docs.ts';
import type { Owner } from './owner.ts';

export type SampleRequest = {
  params: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** The body's JSON value, when the operation takes one. */
  body: unknown;
};

let counter = 0;

/** Values the contract's examples cannot give: the owner's own objects, and fields that must be unique. */
function ownedValue(owner: Owner, name: string): unknown {
  counter += 1;
  const byName: Record<string, unknown> = {
    portfolio_id: owner.portfolioId,
    broker_account: owner.accountId,
    base_strategy: owner.strategyId,
    account_number: owner.accountNumber,
    api_key: `matrix_${process.pid}_${counter}`,
    params: {},
    // The example entry time is 09:20; the exit must come after it.
    exit_time: '15:15',
  };
  return byName[name];
}

function firstOf(list: unknown): unknown {
  return Array.isArray(list) ? list[0] : undefined;
}

/** A value the schema accepts (examples first, then enum, const, default, bounds). */
export function sampleValue(doc: Json, node: unknown, owner: Owner, name = ''): unknown {
  const owned = ownedValue(owner, name);
  if (owned !== undefined) return owned;
  const schema = deref(doc, node);
  if (!isRecord(schema)) return null;
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    const branch = firstOf(schema[key]);
    if (branch !== undefined && schema.type === undefined && schema.properties === undefined) return sampleValue(doc, branch, owner, name);
  }
  if (schema.const !== undefined) return schema.const;
  const example = firstOf(schema.examples) ?? firstOf(schema.enum) ?? schema.default;
  if (example !== undefined) return example;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' || isRecord(schema.properties)) {
    const properties = isRecord(schema.properties) ? schema.properties : {};
    return Object.fromEntries(Object.entries(properties).map(([key, child]) => [key, sampleValue(doc, child, owner, key)]));
  }
  if (type === 'array') return Array.from({ length: Math.max(1, Number(schema.minItems ?? 1)) }, () => sampleValue(doc, schema.items, owner));
  if (type === 'integer' || type === 'number') return typeof schema.minimum === 'number' ? Math.max(schema.minimum, 1) : 1;
  if (type === 'boolean') return true;
  return 'x'.repeat(Math.max(1, Number(schema.minLength ?? 1)));
}

/** Which of the owner's objects a path parameter names, by its name and the path it sits in. */
function pathValue(owner: Owner, operation: ContractOperation, name: string): string {
  if (name === 'accountId') return String(owner.accountId);
  if (name === 'portfolioId') return String(owner.portfolioId);
  if (name === 'accountNumber') return owner.accountNumber;
  const byPath: [RegExp, number][] = [
    [/^\/api\/accounts\//, owner.accountId],
    [/^\/api\/trading_bots\//, owner.tradingBotId],
    [/^\/api\/daily_bots\//, owner.dailyBotId],
  ];
  // Anything else named `id` (portfolios, position summaries, operations yet to come): the portfolio.
  return String(byPath.find(([pattern]) => pattern.test(operation.path))?.[1] ?? owner.portfolioId);
}

export function sampleRequest(doc: Json, operation: ContractOperation, owner: Owner): SampleRequest {
  const request: SampleRequest = { params: {}, query: {}, headers: {}, body: undefined };
  for (const parameter of operation.parameters) {
    const schema = deref(doc, { $ref: parameter.schemaPointer });
    if (parameter.in === 'path') request.params[parameter.name] = pathValue(owner, operation, parameter.name);
    else if (parameter.in === 'query') request.query[parameter.name] = String(sampleValue(doc, schema, owner, parameter.name));
    else if (parameter.in === 'header') request.headers[parameter.name.toLowerCase()] = `matrix-key-${process.pid}-${++counter}`;
  }
  if (operation.bodySchemaPointer !== null) request.body = sampleValue(doc, { $ref: operation.bodySchemaPointer }, owner);
  return request;
}
