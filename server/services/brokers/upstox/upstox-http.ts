// One Upstox API request. Every call carries `Authorization: Bearer <access_token>` once logged in and
// `Accept: application/json`; v2 calls also `Api-Version: 2.0` (Upstox's UDAPI100015 when it is missing);
// order writes (place, modify, cancel) go to the order root (api-hft.upstox.com in production) with the
// `X-Algo-Name` header Upstox's SDK sends for SEBI's retail-algo framework. Answers are
// `{status: "success", data, metadata?}` or `{status: "error", errors: [...]}`; anything else is mapped here,
// once, into UpstoxError or UpstoxOutcomeUnknownError (see upstox-errors.ts for which is which).
// Docs: https://upstox.com/developer/api-documentation/open-api
import { type OutcomeUnknownReason, UpstoxError, UpstoxOutcomeUnknownError, type UpstoxProblem } from './upstox-errors.ts';
import { isObject, type JsonObject } from './upstox-json.ts';
import { exchange, pairs, parseJson, type BrokerRequest, type HttpClientOptions } from '../live/http-wire.ts';

/** A write goes to the order root with the algo name. */
export type UpstoxRequest = BrokerRequest;

export type UpstoxHttpOptions = HttpClientOptions & {
  apiRoot: string;
  orderApiRoot: string;
  /** Sent as X-Algo-Name on every order write (SEBI's retail-algo identification, as Upstox's SDK sends it). */
  algoName?: string | undefined;
};

export type UpstoxHttp = {
  /** The whole success answer (`data`, `metadata`; the token answer has its fields at the top). */
  request: (request: UpstoxRequest) => Promise<JsonObject>;
  /** The `data` of a success answer. */
  data: (request: UpstoxRequest) => Promise<unknown>;
};

export function createUpstoxHttp(options: UpstoxHttpOptions): UpstoxHttp {
  function send(request: UpstoxRequest): Promise<{ response: Response; text: string }> {
    const url = new URL((request.write ? options.orderApiRoot : options.apiRoot) + request.path);
    for (const [key, value] of pairs(request.query)) url.searchParams.set(key, value);
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (request.path.startsWith('/v2/')) headers['Api-Version'] = '2.0';
    if (options.accessToken) headers.Authorization = `Bearer ${options.accessToken}`;
    if (request.write && options.algoName) headers['X-Algo-Name'] = options.algoName;
    return exchange(request, url, headers, options, (reason, cause) =>
      unknown(request, reason, `No answer from Upstox to ${request.method} ${request.path}`, cause),
    );
  }

  function failure(request: UpstoxRequest, response: Response, text: string): Error {
    const problems = readProblems(parseJson(text));
    // A 5xx to a write may come after Upstox acted (its own "Something went wrong", or a proxy's page).
    if (request.write && response.status >= 500) {
      return unknown(request, 'gateway', `Upstox answered ${response.status} to ${request.method} ${request.path}`);
    }
    if (problems) return new UpstoxError(response.status, problems);
    const message = text.slice(0, 200) || response.statusText || `Upstox answered ${response.status}`;
    return new UpstoxError(response.status, [{ errorCode: `HTTP_${response.status}`, message, propertyPath: null, invalidValue: null }]);
  }

  async function request(request: UpstoxRequest): Promise<JsonObject> {
    const { response, text } = await send(request);
    if (!response.ok) throw failure(request, response, text);
    const body = parseJson(text);
    if (isObject(body) && body.status !== 'error') return body;
    if (request.write) throw unknown(request, 'unreadable', 'Upstox answered an order with something that is not its JSON');
    throw new UpstoxError(response.status, readProblems(body) ?? [{ errorCode: 'MALFORMED_ANSWER', message: `Unexpected answer from Upstox to ${request.method} ${request.path}`, propertyPath: null, invalidValue: null }]);
  }

  return {
    request,
    async data(req) {
      const body = await request(req);
      if (!('data' in body)) throw new UpstoxError(200, [{ errorCode: 'MALFORMED_ANSWER', message: `No data in Upstox's answer to ${req.method} ${req.path}`, propertyPath: null, invalidValue: null }]);
      return body.data;
    },
  };
}

function unknown(request: UpstoxRequest, reason: OutcomeUnknownReason, message: string, cause?: unknown): UpstoxOutcomeUnknownError {
  return new UpstoxOutcomeUnknownError(reason, request.method, request.path, message, { cause });
}

/** Upstox's `errors` list; its problems carry both camelCase and snake_case names, either may be set. */
function readProblems(body: unknown): UpstoxProblem[] | null {
  if (!isObject(body) || body.status !== 'error' || !Array.isArray(body.errors)) return null;
  return body.errors.filter(isObject).map((problem) => ({
    errorCode: text(problem.errorCode) ?? text(problem.error_code) ?? '',
    message: text(problem.message) ?? '',
    propertyPath: text(problem.propertyPath) ?? text(problem.property_path),
    invalidValue: problem.invalidValue ?? problem.invalid_value ?? null,
  }));
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}
