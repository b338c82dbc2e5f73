// What every broker's HTTP client does the same way: the body (JSON or a form), the call with its time-out, the
// answer's text read in full, and "no answer" (a cut connection, a time-out, a body cut half-way) told apart
// from any answer, so that a write's outcome is called unknown, never refused. The adapters keep their own
// headers, answer envelopes and errors (kite/kite-http.ts, upstox/upstox-http.ts).
export type Scalar = string | number | boolean;
export type NoAnswer = 'network' | 'timeout';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One call to a broker's REST API, as its adapter's client takes it. */
export type BrokerRequest = {
  method: HttpMethod;
  path: string;
  /** Repeated keys for lists (`i=NSE:INFY&i=NFO:...`); undefined values are left out. */
  query?: Record<string, Scalar | readonly Scalar[] | undefined>;
  form?: Record<string, Scalar | undefined>;
  json?: unknown;
  /** A body sent as it is (Noren's `jData={…}&jKey=…`, which its servers read unencoded). */
  text?: { contentType: string; body: string };
  /**
   * Places, modifies or cancels something: a failure that may have come after the broker acted (no answer, a
   * gateway's 5xx, the broker's "not confirmed") then means "outcome unknown", never "refused".
   */
  write?: boolean;
};

/** What every broker's client is opened with besides its roots and keys. */
export type HttpClientOptions = {
  accessToken?: string | undefined;
  /** How long one call may take: 7 s, as Kite's own clients wait. */
  timeoutMs?: number;
  /** Tests only: another fetch. */
  fetch?: typeof fetch;
};

/**
 * Sends `request` to `url` with the broker's `headers` (the body's type added) and reads the answer's text in
 * full; no answer at all throws the broker's own error from `noAnswer`.
 */
export async function exchange(
  request: BrokerRequest,
  url: URL,
  headers: Record<string, string>,
  options: HttpClientOptions,
  noAnswer: (reason: NoAnswer, cause: unknown) => Error,
): Promise<{ response: Response; text: string }> {
  const sent = { ...headers };
  let body: string | undefined;
  if (request.json !== undefined) {
    sent['Content-Type'] = 'application/json';
    body = JSON.stringify(request.json);
  } else if (request.text) {
    sent['Content-Type'] = request.text.contentType;
    body = request.text.body;
  } else if (request.form) {
    sent['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(pairs(request.form)).toString();
  }
  try {
    const response = await (options.fetch ?? fetch)(url, { method: request.method, headers: sent, body, signal: AbortSignal.timeout(options.timeoutMs ?? 7000) });
    // Reading the body can fail too (the answer cut half-way): that is as unknown as no answer at all.
    return { response, text: await response.text() };
  } catch (error) {
    throw noAnswer(isTimeout(error) ? 'timeout' : 'network', error);
  }
}

/** A record as key-value pairs, a list as its key repeated, undefined values left out. */
export function pairs(record: Record<string, Scalar | readonly Scalar[] | undefined> | undefined): [string, string][] {
  const out: [string, string][] = [];
  for (const [key, value] of Object.entries(record ?? {})) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) out.push([key, String(item)]);
  }
  return out;
}

/** The answer's JSON, or undefined when it is not JSON (a proxy's page, a cut body). */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/** A configured root without its trailing slashes, so paths can be appended. */
export function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
