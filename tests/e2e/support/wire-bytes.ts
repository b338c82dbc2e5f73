/**
 * Every byte a page moves over the network, counted through the DevTools protocol: each request's line,
 * headers and body as sent, each response's headers and body as received on the wire (compressed), the long
 * price stream's chunks as they come. Grouped by what was asked (the path without its query or ids), so a test
 * can say where a desk's minute goes.
 */
import type { Page } from '@playwright/test';

/** A request, and its bytes as they moved: [ms since counting began, bytes]. */
type Exchange = { at: number; what: string; pieces: [number, number][] };

/** A path as a kind of request: numbers and account-like ids folded, the query left out. */
export function requestKind(method: string, url: string): string {
  const path = new URL(url).pathname.replace(/\/\d+(?=\/|$)/g, '/:id').replace(/\/[A-Z][A-Z0-9]{5,}(?=\/|$)/g, '/:account');
  return `${method} ${path}`;
}

export async function countWireBytes(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const exchanges = new Map<string, Exchange>();
  const started = performance.now();
  const now = () => performance.now() - started;
  /** Request headers as they went on the wire (cookies and all), which may be told before the request itself. */
  const headerBytes = new Map<string, number>();
  cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
    if (!request.url.startsWith('http')) return;
    const body = request.postData === undefined ? 0 : Buffer.byteLength(request.postData);
    const what = requestKind(request.method, request.url);
    // The request line ("GET /path?query HTTP/1.1") and the blank line after the headers.
    const line = request.method.length + request.url.replace(/^https?:\/\/[^/]+/, '').length + 13;
    exchanges.set(requestId, { at: now(), what, pieces: [[now(), body + line + (headerBytes.get(requestId) ?? 0)]] });
    headerBytes.delete(requestId);
  });
  cdp.on('Network.requestWillBeSentExtraInfo', ({ requestId, headers }) => {
    const size = Object.entries(headers).reduce((sum, [name, value]) => sum + name.length + String(value).length + 4, 0);
    const exchange = exchanges.get(requestId);
    if (exchange === undefined) headerBytes.set(requestId, size);
    else exchange.pieces.push([exchange.at, size]);
  });
  // At the response, what has been received so far is its status line and headers.
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const exchange = exchanges.get(requestId);
    exchange?.pieces.push([now(), response.encodedDataLength]);
  });
  cdp.on('Network.dataReceived', ({ requestId, encodedDataLength }) => {
    const exchange = exchanges.get(requestId);
    exchange?.pieces.push([now(), encodedDataLength]);
  });
  return {
    elapsed: now,
    /** Bytes both ways that moved from `fromMs` on (a stream opened before counts from then), by kind of request. */
    since(fromMs: number): { total: number; byKind: Map<string, { count: number; bytes: number }> } {
      const byKind = new Map<string, { count: number; bytes: number }>();
      let total = 0;
      for (const exchange of exchanges.values()) {
        const bytes = exchange.pieces.reduce((sum, [at, size]) => (at >= fromMs ? sum + size : sum), 0);
        if (bytes === 0) continue;
        total += bytes;
        const kind = byKind.get(exchange.what) ?? { count: 0, bytes: 0 };
        byKind.set(exchange.what, { count: kind.count + (exchange.at >= fromMs ? 1 : 0), bytes: kind.bytes + bytes });
      }
      return { total, byKind };
    },
    /** How many requests of this kind started from `fromMs` on. */
    requests: (fromMs: number, kind: RegExp) => [...exchanges.values()].filter((exchange) => exchange.at >= fromMs && kind.test(exchange.what)).length,
    stop: () => cdp.detach(),
  };
}
