// Calls the server by operationId, the way the PWA does, and checks every answer against
// openapi/main.yaml: the status must be one the operation declares, the JSON body must validate against
// that status's schema, and a 429 must carry a valid Retry-After. A test cannot get an answer that
// breaks the contract without failing.
import type { ValidateFunction } from 'ajv/dist/2020.js';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createAjv, deref, isRecord, listOperations, loadDocument, type Operation } from '../../unit/contract/openapi-docs.ts';

const main = loadDocument('main');
const { ajv, id } = createAjv(main);
const compiled = new Map<string, ValidateFunction>();
const operations = new Map(listOperations(main.doc).map((operation) => [String(operation.operation.operationId), operation]));

export type CallOptions = {
  body?: unknown;
  /** Raw payload instead of JSON (malformed-body tests). */
  payload?: string;
  token?: string;
  ip?: string;
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
};

export type Answer<T = Record<string, unknown>> = {
  status: number;
  body: T;
  headers: LightMyRequestResponse['headers'];
  raw: LightMyRequestResponse;
};

function operationFor(operationId: string): Operation {
  const operation = operations.get(operationId);
  if (operation === undefined) throw new Error(`openapi/main.yaml has no operation ${operationId}`);
  return operation;
}

function urlFor(operation: Operation, options: CallOptions): string {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = options.params?.[name];
    if (value === undefined) throw new Error(`${operation.path} needs the path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams(options.query ?? {}).toString();
  return query === '' ? path : `${path}?${query}`;
}

/** Throws, naming the operation and status, when the answer breaks the contract. */
export function assertMatchesContract(operationId: string, response: LightMyRequestResponse): void {
  const operation = operationFor(operationId);
  const label = `${operationId} answered ${response.statusCode} ${response.body}`;
  const responses = isRecord(operation.operation.responses) ? operation.operation.responses : {};
  const key = String(response.statusCode) in responses ? String(response.statusCode) : 'default';
  const entry = responses[key];
  const declared = deref(main.doc, entry);
  if (!isRecord(declared)) throw new Error(`${label}: status not declared in openapi/main.yaml`);
  const content = isRecord(declared.content) ? declared.content : {};
  if (isRecord(content['application/json'])) {
    if (!String(response.headers['content-type']).startsWith('application/json')) throw new Error(`${label}: not JSON`);
    // Point into the document (through a $ref'd response), so the schema compiles with its references.
    const base = isRecord(entry) && typeof entry.$ref === 'string' ? entry.$ref : `${operation.pointer}/responses/${key}`;
    const ref = `${id}${base}/content/application~1json/schema`;
    const validate = compiled.get(ref) ?? ajv.compile({ $ref: ref });
    compiled.set(ref, validate);
    if (!validate(response.json())) throw new Error(`${label}: ${ajv.errorsText(validate.errors)}`);
  }
  if (response.statusCode === 429) {
    const retryAfter = Number(response.headers['retry-after']);
    if (!Number.isInteger(retryAfter) || retryAfter < 1) throw new Error(`${label}: Retry-After missing or invalid`);
  }
}

export function contractClient(app: FastifyInstance) {
  return async function call<T = Record<string, unknown>>(operationId: string, options: CallOptions = {}): Promise<Answer<T>> {
    const operation = operationFor(operationId);
    const headers: Record<string, string> = { ...options.headers };
    if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
    let payload: string | undefined = options.payload;
    if (options.body !== undefined) {
      payload = JSON.stringify(options.body);
    }
    if (payload !== undefined) headers['content-type'] ??= 'application/json';
    const response = await app.inject({
      method: operation.method.toUpperCase() as 'GET',
      url: urlFor(operation, options),
      headers,
      ...(payload === undefined ? {} : { payload }),
      remoteAddress: options.ip ?? '127.0.0.1',
    });
    assertMatchesContract(operationId, response);
    expectNoStore(response);
    const body = (response.body === '' ? {} : response.json()) as T;
    return { status: response.statusCode, body, headers: response.headers, raw: response };
  };
}

function expectNoStore(response: LightMyRequestResponse): void {
  if (response.headers['cache-control'] !== 'no-store') throw new Error(`API answer without Cache-Control: no-store: ${response.body}`);
}

export type ContractCall = ReturnType<typeof contractClient>;
