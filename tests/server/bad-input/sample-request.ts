// A valid request for any operation of openapi/main.yaml, built from the contract itself (examples,
// enums, bounds) and pointed at objects the signed-in owner really has, so that a bad value put into
// one of its places is the only thing wrong with it: the request gets past authentication, ownership
// and every other field, and a value the contract lets through goes on to the database. A new
// operation gets a sample without editing this file.
import type { ContractOperation } from '../../../server/contract/document.ts';
import { deref, isRecord, type Json } from '../../unit/contract/openapi-docs.ts';
import type { Owner } from './owner.ts';

export type SampleRequest = {
  params: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** The body's JSON value, when the operation takes one: one per form of a oneOf or anyOf body. */
  bodies: unknown[];
};

/** Replaced by a fresh number in every request sent, so fields that must be unique always are. */
export const uniqueToken = '__unique__';

/** Values the contract's examples cannot give: the owner's own objects, fields that must be unique. */
function ownedValue(owner: Owner, operation: ContractOperation, name: string): unknown {
  const creatingAccount = operation.operationId === 'createBrokerAccount';
  const byName: Record<string, unknown> = {
    portfolio_id: owner.portfolioId,
    broker_account: owner.accountId,
    broker_account_id: owner.accountId,
    base_strategy: owner.strategyId,
    account_number: creatingAccount ? `M${uniqueToken}` : owner.accountNumber,
    api_key: `matrix_${uniqueToken}`,
    email: `matrix-${uniqueToken}@example.in`,
    // The account holds the most the contract allows, and a portfolio takes one rupee of it: every
    // capital the samples set fits, whatever the matrix created before.
    capital: operation.path.startsWith('/api/accounts/') ? 10_000_000_000 : 1,
    params: {},
    // The example entry time is 09:20; the exit must come after it.
    exit_time: '15:15',
  };
  return byName[name];
}

function firstOf(list: unknown): unknown {
  return Array.isArray(list) ? list[0] : undefined;
}

type Context = { doc: Json; owner: Owner; operation: ContractOperation };

/** A value the schema accepts (examples first, then enum, const, default, bounds). */
function sampleValue(context: Context, node: unknown, name = ''): unknown {
  const owned = ownedValue(context.owner, context.operation, name);
  if (owned !== undefined) return owned;
  const schema = deref(context.doc, node);
  if (!isRecord(schema)) return null;
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    const branch = firstOf(schema[key]);
    if (branch !== undefined && schema.type === undefined && schema.properties === undefined) return sampleValue(context, branch, name);
  }
  if (schema.const !== undefined) return schema.const;
  const example = firstOf(schema.examples) ?? firstOf(schema.enum) ?? schema.default;
  if (example !== undefined) return example;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' || isRecord(schema.properties)) {
    const properties = isRecord(schema.properties) ? schema.properties : {};
    return Object.fromEntries(Object.entries(properties).map(([key, child]) => [key, sampleValue(context, child, key)]));
  }
  if (type === 'array') return Array.from({ length: Math.max(1, Number(schema.minItems ?? 1)) }, () => sampleValue(context, schema.items));
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
  const context: Context = { doc, owner, operation };
  const request: SampleRequest = { params: {}, query: {}, headers: {}, bodies: [] };
  for (const parameter of operation.parameters) {
    const schema = deref(doc, { $ref: parameter.schemaPointer });
    if (parameter.in === 'path') request.params[parameter.name] = pathValue(owner, operation, parameter.name);
    else if (parameter.in === 'query') request.query[parameter.name] = String(sampleValue(context, schema, parameter.name));
    else if (parameter.in === 'header') request.headers[parameter.name.toLowerCase()] = `matrix-key-${uniqueToken}`;
  }
  if (operation.bodySchemaPointer !== null) {
    const body = deref(doc, { $ref: operation.bodySchemaPointer });
    const forms = isRecord(body) ? (body.oneOf ?? body.anyOf) : undefined;
    const samples = Array.isArray(forms) ? forms.map((form) => sampleValue(context, form)) : [sampleValue(context, body)];
    // A body that names the object of its path (a bot sent back whole) names the same one.
    const pathId = request.params.id;
    request.bodies = samples.map((sample) => (isRecord(sample) && 'id' in sample && pathId !== undefined ? { ...sample, id: Number(pathId) } : sample));
  }
  return request;
}
