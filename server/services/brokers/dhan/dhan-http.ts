// One Dhan API request. REST calls carry the account's `access-token` header (https://dhanhq.co/docs/v2/,
// "Structure"); the consent flow's calls go to the auth root with the app's `app_id` and `app_secret` headers
// instead. Bodies are JSON. A success is Dhan's JSON as it is (an object or a list); a failure is
// `{errorType, errorCode, errorMessage}` with a 4xx or 5xx. Everything else is mapped here, once, into DhanError
// or DhanOutcomeUnknownError (see dhan-errors.ts for which is which).
import { DhanError, DhanOutcomeUnknownError, type OutcomeUnknownReason } from './dhan-errors.ts';
import { isObject } from './dhan-json.ts';
import { exchange, pairs, parseJson, type BrokerRequest, type HttpClientOptions } from '../live/http-wire.ts';

/** `app`: a consent flow call, sent to the auth root with the app's id and secret. */
export type DhanRequest = BrokerRequest & { app?: { appId: string; appSecret: string } };

export type DhanHttpOptions = HttpClientOptions & { apiRoot: string; authRoot: string };

export type DhanHttp = { request: (request: DhanRequest) => Promise<unknown> };

function unknown(request: DhanRequest, reason: OutcomeUnknownReason, message: string, cause?: unknown): DhanOutcomeUnknownError {
  return new DhanOutcomeUnknownError(reason, request.method, request.path, message, { cause });
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Dhan's error envelope, or null when the body is not one. */
function problemOf(status: number, body: unknown): DhanError | null {
  if (!isObject(body) || (typeof body.errorCode !== 'string' && typeof body.errorMessage !== 'string')) return null;
  return new DhanError(status, text(body.errorType), text(body.errorCode), text(body.errorMessage));
}

export function createDhanHttp(options: DhanHttpOptions): DhanHttp {
  async function request(request: DhanRequest): Promise<unknown> {
    const url = new URL((request.app ? options.authRoot : options.apiRoot) + request.path);
    for (const [key, value] of pairs(request.query)) url.searchParams.set(key, value);
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (request.app) {
      headers.app_id = request.app.appId;
      headers.app_secret = request.app.appSecret;
    } else if (options.accessToken) {
      headers['access-token'] = options.accessToken;
    }
    const { response, text: body } = await exchange(request, url, headers, options, (reason, cause) =>
      unknown(request, reason, `No answer from Dhan to ${request.method} ${request.path}`, cause),
    );
    const json = parseJson(body);
    if (!response.ok) {
      // A 5xx to a write may come after Dhan acted (its DH-908, or a proxy's page).
      if (request.write && response.status >= 500) throw unknown(request, 'gateway', `Dhan answered ${response.status} to ${request.method} ${request.path}`);
      throw problemOf(response.status, json) ?? new DhanError(response.status, '', `HTTP_${response.status}`, body.slice(0, 200) || response.statusText);
    }
    const problem = problemOf(response.status, json);
    if (problem !== null) throw problem;
    if (json === undefined) {
      if (request.write) throw unknown(request, 'unreadable', 'Dhan answered an order with something that is not its JSON');
      throw new DhanError(response.status, 'Malformed_Answer', 'MALFORMED_ANSWER', `Unexpected answer from Dhan to ${request.method} ${request.path}`);
    }
    return json;
  }
  return { request };
}
