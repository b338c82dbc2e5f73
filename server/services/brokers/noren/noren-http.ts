// One Noren API call. Every call is a POST of `jData=<json>` to <root>/<Name> (PlaceOrder, OrderBook…), as
// Noren's clients send it (NorenRestApiPy: the body unencoded, `&jKey=<token>` after it); a broker on Noren's
// OAuth token (Shoonya) sends the token as `Authorization: Bearer` instead of jKey. A success is JSON (an
// object with "stat":"Ok", or a list for the books); a refusal is `{"stat":"Not_Ok","emsg":…}`, most with HTTP
// 200. Everything else is mapped here, once, into NorenError or NorenOutcomeUnknownError.
import { NorenError, NorenOutcomeUnknownError, type OutcomeUnknownReason } from './noren-errors.ts';
import { isObject } from './noren-json.ts';
import { exchange, parseJson, type HttpClientOptions } from '../live/http-wire.ts';

export type NorenCall = { name: string; data: Record<string, unknown>; write?: boolean };

export type NorenHttpOptions = HttpClientOptions & { apiRoot: string; tokenIn: 'jKey' | 'bearer' };

export type NorenHttp = { call: (call: NorenCall) => Promise<unknown> };

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Noren's refusal, or null when the body is not one. */
export function refusalOf(status: number, body: unknown): NorenError | null {
  if (!isObject(body) || body.stat !== 'Not_Ok') return null;
  return new NorenError(status, text(body.emsg));
}

/** The body Noren's servers read: `jData=<json>`, with `&jKey=<token>` when the token travels in it. */
export function norenBody(data: Record<string, unknown>, jKey?: string): string {
  return `jData=${JSON.stringify(data)}${jKey === undefined ? '' : `&jKey=${jKey}`}`;
}

export function createNorenHttp(options: NorenHttpOptions): NorenHttp {
  async function call({ name, data, write = false }: NorenCall): Promise<unknown> {
    const url = new URL(`${options.apiRoot}/${name}`);
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = options.accessToken;
    if (token !== undefined && options.tokenIn === 'bearer') headers.Authorization = `Bearer ${token}`;
    const request = { method: 'POST' as const, path: `/${name}`, write, text: { contentType: 'text/plain', body: norenBody(data, token !== undefined && options.tokenIn === 'jKey' ? token : undefined) } };
    const unknown = (reason: OutcomeUnknownReason, message: string, cause?: unknown) => new NorenOutcomeUnknownError(reason, 'POST', request.path, message, { cause });
    const { response, text: body } = await exchange(request, url, headers, options, (reason, cause) => unknown(reason, `No answer from the broker to ${name}`, cause));
    const json = parseJson(body);
    if (!response.ok) {
      if (write && response.status >= 500) throw unknown('gateway', `The broker answered ${response.status} to ${name}`);
      throw refusalOf(response.status, json) ?? new NorenError(response.status, body.slice(0, 200) || response.statusText);
    }
    const refusal = refusalOf(response.status, json);
    if (refusal !== null) throw refusal;
    if (json === undefined) {
      if (write) throw unknown('unreadable', `The broker answered ${name} with something that is not its JSON`);
      throw new NorenError(response.status, `Unexpected answer from the broker to ${name}`);
    }
    return json;
  }
  return { call };
}
