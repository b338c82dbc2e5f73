// One Upstox API request. Every call carries `Authorization: Bearer <access_token>` once logged in and
// `Accept: application/json`; v2 calls also `Api-Version: 2.0` (Upstox's UDAPI100015 when it is missing);
// order writes (place, modify, cancel) go to the order root (api-hft.upstox.com in production) with the
// `X-Algo-Name` header Upstox's SDK sends for SEBI's retail-algo framework. Answers are
// `{status: "success", data, metadata?}` or `{status: "error", errors: [...]}`; anything else is mapped here,
// once, into UpstoxError or UpstoxOutcomeUnknownError (see upstox-errors.ts for which is which).
// Docs: https://upstox.com/developer/api-documentation/open-api
import { type OutcomeUnknownReason, UpstoxError, UpstoxOutcomeUnknownError, type UpstoxProblem } from './upstox-errors.ts';
import { isObject, type JsonObject } from './upstox-json.ts';

export type UpstoxMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Scalar = string | number | boolean;

export type UpstoxRequest = {
  method: UpstoxMethod;
  path: string;
  query?: Record<string, Scalar | undefined>;
  form?: Record<string, Scalar | undefined>;
  json?: unknown;
  /**
   * Places, modifies or cancels an order: sent to the order root with the algo name, and a failure that may
   * have happened after Upstox acted (a cut connection, a time-out, a 5xx) is "outcome unknown", not refused.
   */
  write?: boolean;
};

export type UpstoxHttpOptions = {
  apiRoot: string;
  orderApiRoot: string;
  accessToken?: string | undefined;
  /** Sent as X-Algo-Name on every order write (SEBI's retail-algo identification, as Upstox's SDK sends it). */
  algoName?: string | undefined;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

export type UpstoxHttp = {
  /** The whole success answer (`data`, `metadata`; the token answer has its fields at the top). */
  request: (request: UpstoxRequest) => Promise<JsonObject>;
  /** The `data` of a success answer. */
  data: (request: UpstoxRequest) => Promise<unknown>;
};

export function createUpstoxHttp(options: UpstoxHttpOptions): UpstoxHttp {
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 7000;

  async function send(request: UpstoxRequest): Promise<{ response: Response; text: string }> {
    const url = new URL((request.write ? options.orderApiRoot : options.apiRoot) + request.path);
    for (const [key, value] of Object.entries(request.query ?? {})) if (value !== undefined) url.searchParams.set(key, String(value));
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (request.path.startsWith('/v2/')) headers['Api-Version'] = '2.0';
    if (options.accessToken) headers.Authorization = `Bearer ${options.accessToken}`;
    if (request.write && options.algoName) headers['X-Algo-Name'] = options.algoName;
    let body: string | undefined;
    if (request.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(request.json);
    } else if (request.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      const pairs = Object.entries(request.form).flatMap(([key, value]): [string, string][] => (value === undefined ? [] : [[key, String(value)]]));
      body = new URLSearchParams(pairs).toString();
    }
    try {
      const response = await fetchImpl(url, { method: request.method, headers, body, signal: AbortSignal.timeout(timeoutMs) });
      // Reading the body can fail too (the answer cut half-way): that is as unknown as no answer at all.
      return { response, text: await response.text() };
    } catch (error) {
      throw unknown(request, isTimeout(error) ? 'timeout' : 'network', `No answer from Upstox to ${request.method} ${request.path}`, error);
    }
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

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}
