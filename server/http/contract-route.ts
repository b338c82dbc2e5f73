// Routes declared by operationId: method, path, request schemas and whether a bearer token is required
// all come from openapi/main.yaml. A route file says `route(app, 'loginUser', handler)` and nothing more.
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { operations } from '../../openapi/main.d.ts';
import type { Contract, ContractOperation, JsonObject } from '../contract/document.ts';
import type { RequestPart } from '../contract/failure-messages.ts';
import type { ContractValidators, RequestValidators } from '../contract/validation.ts';
import { HttpError } from './errors.ts';

export type OperationId = keyof operations;

type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
type Parts<Id extends OperationId> = operations[Id]['parameters'];
type Defined<T> = [T] extends [never] ? Record<string, never> : [T] extends [undefined] ? Record<string, never> : NonNullable<T>;

export type RequestBodyOf<Id extends OperationId> = operations[Id] extends { requestBody: infer Body } ? Json<Body> : undefined;
export type ParamsOf<Id extends OperationId> = Defined<Parts<Id>['path']>;
export type QueryOf<Id extends OperationId> = Defined<Parts<Id>['query']>;

type Responses<Id extends OperationId> = operations[Id]['responses'];
type SuccessStatus<Id extends OperationId> = Extract<keyof Responses<Id>, 200 | 201 | 202>;
/** The JSON a successful answer carries (set the status with reply.code when it is not 200). */
export type AnswerOf<Id extends OperationId> = Json<Responses<Id>[SuccessStatus<Id>]>;

export type ContractRequest<Id extends OperationId> = FastifyRequest<{
  Body: RequestBodyOf<Id>;
  Params: ParamsOf<Id>;
  Querystring: QueryOf<Id>;
}>;

export type ContractHandler<Id extends OperationId> = (request: ContractRequest<Id>, reply: FastifyReply) => Promise<AnswerOf<Id>>;

/** What the route helper needs, decorated on the root instance by buildServer. */
export type ContractKit = {
  contract: Contract;
  validators: ContractValidators;
  authenticate: onRequestHookHandler;
};

export const contractKitDecorator = 'contractKit';

/** `/api/accounts/accounts/{id}/` under the prefix `/api` → `/accounts/accounts/:id/`. */
export function routeUrl(operation: ContractOperation, prefix: string): string {
  if (!operation.path.startsWith(`${prefix}/`)) {
    throw new Error(`${operation.operationId} (${operation.path}) cannot be registered under the prefix "${prefix}"`);
  }
  return operation.path.slice(prefix.length).replace(/\{([^}]+)\}/g, ':$1');
}

function partSchemas(kit: ContractKit, operation: ContractOperation): JsonObject {
  // Informational only (the validators below do the work), but it keeps Fastify's route table honest.
  const schema: JsonObject = {};
  if (operation.bodySchemaPointer !== null) schema.body = { $ref: `${kit.contract.id}${operation.bodySchemaPointer}` };
  for (const [location, part] of [['path', 'params'], ['query', 'querystring'], ['header', 'headers']] as const) {
    const names = operation.parameters.filter((parameter) => parameter.in === location).map((parameter) => parameter.name);
    if (names.length > 0) schema[part] = { type: 'object', properties: Object.fromEntries(names.map((name) => [name, {}])) };
  }
  return schema;
}

export function route<Id extends OperationId>(app: FastifyInstance, operationId: Id, handler: ContractHandler<Id>): void {
  const kit = app.getDecorator<ContractKit>(contractKitDecorator);
  const operation = kit.contract.operations.get(operationId);
  if (operation === undefined) throw new Error(`openapi/main.yaml has no operation "${operationId}"`);
  // Compiled at the route's first request, not here: compiling every route's schemas at start took 0.7-3.6 s
  // of it (issue 61), for routes most starts never see. A route's first call pays its own few milliseconds.
  let validators: RequestValidators | undefined;
  const validatorsNow = () => (validators ??= kit.validators.forOperation(operation));
  app.route({
    method: operation.method.toUpperCase() as Uppercase<ContractOperation['method']>,
    url: routeUrl(operation, app.prefix),
    schema: partSchemas(kit, operation),
    validatorCompiler: ({ httpPart }) => {
      return (data: unknown) => {
        const failure = validatorsNow()[httpPart as RequestPart]?.(data) ?? null;
        if (failure === null) return true;
        return { error: new HttpError(400, 'validation_failed', failure.message, { field: failure.field, text: failure.text }) };
      };
    },
    // Before the body is even parsed: an anonymous caller learns nothing about what the route accepts.
    ...(operation.requiresAuth ? { onRequest: kit.authenticate } : {}),
    handler: handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
