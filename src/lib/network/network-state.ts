/**
 * One network state for the whole app, because the browser's `navigator.onLine` lies: behind a captive portal
 * or on dead Wi-Fi it says "online" while every request fails, and the service worker then answers the market
 * reads from its saved copy. So the state is derived from what really happened: the browser's online/offline
 * events AND the outcome of every request and of the price stream. "Reachable" means the last word from the
 * server was an answer; "unreachable since T" that the browser claims a connection but nothing has answered
 * since T; "offline" that the browser itself says there is none. Trading is allowed only while reachable.
 *
 * Pure rules here (tested without a browser); the atom and its reporters are in network-atom.ts.
 */

export type NetworkState =
  | { kind: 'reachable' }
  | { kind: 'unreachable'; since: number }
  | { kind: 'offline'; since: number };

export type NetworkEvent =
  /** The browser's `offline` event (or it already said offline at start). */
  | { type: 'browser-offline'; at: number }
  /** The browser's `online` event: a claim, not proof that the server answers. */
  | { type: 'browser-online'; at: number }
  /** The server answered a request or the stream (any status it sent itself, even a refusal). */
  | { type: 'answered'; at: number }
  /** No answer from the server: a transport failure, a time-out, a gateway's 502–504, or the saved copy instead. */
  | { type: 'failed'; at: number };

export const reachable: NetworkState = { kind: 'reachable' };

export function initialNetworkState(browserOnline: boolean, now: number): NetworkState {
  return browserOnline ? reachable : { kind: 'offline', since: now };
}

/**
 * The next state after an event; the same object when nothing changed, so subscribers do not re-render. The
 * first failure sets `since`, later ones keep it: the trader is told since when, not since the last attempt.
 */
export function nextNetworkState(state: NetworkState, event: NetworkEvent): NetworkState {
  switch (event.type) {
    case 'browser-offline':
      return state.kind === 'offline' ? state : { kind: 'offline', since: state.kind === 'unreachable' ? state.since : event.at };
    case 'browser-online':
      // Back "online" proves nothing (a portal's Wi-Fi is online too): unreachable until the server answers.
      return state.kind === 'offline' ? { kind: 'unreachable', since: state.since } : state;
    case 'failed':
      return state.kind === 'reachable' ? { kind: 'unreachable', since: event.at } : state;
    case 'answered':
      // While the browser says offline an answer cannot be trusted to last; its `online` event comes first.
      return state.kind === 'unreachable' ? reachable : state;
  }
}

/** Gateways answering for a server they could not reach: no word from the server itself. */
export function isGatewayFailure(status: number): boolean {
  return status === 502 || status === 503 || status === 504;
}

/** A response the service worker served from its saved copy (sw/analytics-cache.ts marks it). */
export function servedFromSavedCopy(headers: Headers): boolean {
  return headers.get('x-served-from') === 'cache';
}

/**
 * The server's own error body (`{ message, code }`, server/http/errors.ts). The server answers 503 itself when a
 * broker is unavailable or it is busy: with this body that is its answer, not a gateway's (a Dhan account's chain
 * of an expiry Dhan does not list showed "No connection" and disabled trading while the server was answering).
 */
export function isServerErrorBody(body: unknown): boolean {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'string' && typeof (body as { message?: unknown }).message === 'string';
}

/** What a response says about the network: answered by the server, or not. `body`: a failure's JSON, if read. */
export function eventOfResponse(response: Pick<Response, 'status' | 'headers'>, at: number, body?: unknown): NetworkEvent {
  const gateway = isGatewayFailure(response.status) && !isServerErrorBody(body);
  return gateway || servedFromSavedCopy(response.headers) ? { type: 'failed', at } : { type: 'answered', at };
}

/** Before the next reachability probe while unreachable: half a second, then twice as long each time, at most 15 s. */
export function probeDelayMs(attempt: number): number {
  return Math.min(500 * 2 ** attempt, 15_000);
}
