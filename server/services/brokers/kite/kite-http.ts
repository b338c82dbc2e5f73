// One Kite Connect v3 request. Every call carries `X-Kite-Version: 3` and, once logged in,
// `Authorization: token api_key:access_token`; bodies are form-encoded except the margin and charge
// calculators, which take JSON lists. Answers are `{status: "success", data}` or
// `{status: "error", message, error_type}`; anything else is mapped here, once, into KiteError or
// KiteOutcomeUnknownError (see kite-errors.ts for which is which).
import { isKiteErrorType, KiteError, KiteOutcomeUnknownError } from './kite-errors.ts';
import { isObject } from './kite-json.ts';

export type KiteMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Scalar = string | number | boolean;

export type KiteRequest = {
  method: KiteMethod;
  path: string;
  /** Repeated keys for lists (`i=NSE:INFY&i=NFO:...`); undefined values are left out. */
  query?: Record<string, Scalar | readonly Scalar[] | undefined>;
  form?: Record<string, Scalar | undefined>;
  json?: unknown;
  /**
   * Places, modifies or cancels something: a NetworkException answer (Kite's order system did not confirm)
   * then means "outcome unknown" rather than "refused".
   */
  write?: boolean;
};

export type KiteHttpOptions = {
  apiRoot: string;
  apiKey: string;
  accessToken?: string | undefined;
  /** Kite's own clients wait 7 s. */
  timeoutMs?: number;
  fetch?: typeof fetch;
};

export type KiteHttp = {
  readonly apiKey: string;
  /** The `data` of a success answer. */
  request: (request: KiteRequest) => Promise<unknown>;
  /** A text answer (the instruments CSV). */
  requestText: (request: KiteRequest) => Promise<string>;
};

const gatewayStatuses = new Set([502, 503, 504]);

export function createKiteHttp(options: KiteHttpOptions): KiteHttp {
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 7000;

  async function send(request: KiteRequest): Promise<{ response: Response; text: string }> {
    const url = new URL(options.apiRoot + request.path);
    for (const [key, value] of entries(request.query)) url.searchParams.append(key, value);
    const headers: Record<string, string> = { 'X-Kite-Version': '3' };
    if (options.accessToken) headers.Authorization = `token ${options.apiKey}:${options.accessToken}`;
    let body: string | undefined;
    if (request.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(request.json);
    } else if (request.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(entries(request.form)).toString();
    }
    const unknown = (reason: 'network' | 'timeout', cause: unknown) =>
      new KiteOutcomeUnknownError(reason, request.method, request.path, `No answer from Kite to ${request.method} ${request.path} (${reason})`, { cause });
    try {
      const response = await fetchImpl(url, { method: request.method, headers, body, signal: AbortSignal.timeout(timeoutMs) });
      // Reading the body can fail too (the answer cut half-way): that is as unknown as no answer at all.
      const text = await response.text();
      return { response, text };
    } catch (error) {
      throw unknown(isTimeout(error) ? 'timeout' : 'network', error);
    }
  }

  function failure(request: KiteRequest, response: Response, text: string): Error {
    const body = parseJson(text);
    if (isObject(body) && body.status === 'error') {
      const errorType = isKiteErrorType(body.error_type) ? body.error_type : 'GeneralException';
      const message = typeof body.message === 'string' ? body.message : response.statusText;
      if (request.write && errorType === 'NetworkException' && response.status !== 429) {
        return new KiteOutcomeUnknownError('oms', request.method, request.path, message);
      }
      return new KiteError(response.status, errorType, message);
    }
    if (gatewayStatuses.has(response.status)) {
      return new KiteOutcomeUnknownError('gateway', request.method, request.path, `Kite's gateway answered ${response.status}`);
    }
    return new KiteError(response.status, response.status === 429 ? 'NetworkException' : 'GeneralException', text.slice(0, 200) || response.statusText);
  }

  return {
    apiKey: options.apiKey,
    async request(request) {
      const { response, text } = await send(request);
      if (!response.ok) throw failure(request, response, text);
      const body = parseJson(text);
      if (isObject(body) && body.status === 'success' && 'data' in body) return body.data;
      if (request.write) {
        throw new KiteOutcomeUnknownError('unreadable', request.method, request.path, 'Kite answered a write with something that is not its JSON');
      }
      throw new KiteError(response.status, 'DataException', `Unexpected answer from Kite to ${request.method} ${request.path}`);
    },
    async requestText(request) {
      const { response, text } = await send(request);
      if (!response.ok) throw failure(request, response, text);
      return text;
    },
  };
}

function entries(record: Record<string, Scalar | readonly Scalar[] | undefined> | undefined): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [key, value] of Object.entries(record ?? {})) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) pairs.push([key, String(item)]);
  }
  return pairs;
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
