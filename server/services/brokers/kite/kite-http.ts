// One Kite Connect v3 request. Every call carries `X-Kite-Version: 3` and, once logged in,
// `Authorization: token api_key:access_token`; bodies are form-encoded except the margin and charge
// calculators, which take JSON lists. Answers are `{status: "success", data}` or
// `{status: "error", message, error_type}`; anything else is mapped here, once, into KiteError or
// KiteOutcomeUnknownError (see kite-errors.ts for which is which).
import { isKiteErrorType, KiteError, KiteOutcomeUnknownError } from './kite-errors.ts';
import { isObject } from './kite-json.ts';
import { exchange, pairs, parseJson, type BrokerRequest, type HttpClientOptions } from '../live/http-wire.ts';

/** A write's "outcome unknown" includes Kite's NetworkException (its order system did not confirm). */
export type KiteRequest = BrokerRequest;

export type KiteHttpOptions = HttpClientOptions & {
  apiRoot: string;
  apiKey: string;
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
  function send(request: KiteRequest): Promise<{ response: Response; text: string }> {
    const url = new URL(options.apiRoot + request.path);
    for (const [key, value] of pairs(request.query)) url.searchParams.append(key, value);
    const headers: Record<string, string> = { 'X-Kite-Version': '3' };
    if (options.accessToken) headers.Authorization = `token ${options.apiKey}:${options.accessToken}`;
    return exchange(request, url, headers, options, (reason, cause) =>
      new KiteOutcomeUnknownError(reason, request.method, request.path, `No answer from Kite to ${request.method} ${request.path} (${reason})`, { cause }),
    );
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
