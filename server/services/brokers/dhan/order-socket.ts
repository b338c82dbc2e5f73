// Dhan's live order update socket (https://dhanhq.co/docs/v2/order-update/, read 30 November 2026), on the live
// feeds' one watchdog (../live/feed-socket.ts). What is Dhan's: wss://api-order-update.dhan.co; the first message
// logs in ({LoginReq: {MsgCode: 42, ClientId, Token}, UserType: "SELF"}) and is sent again on every opening;
// then every change of the client's orders, from any platform, comes as JSON {Type: "order_alert", Data: {...}}
// with Dhan's field names (OrderNo, Status, CorrelationId...). Only the order number is used: an alert is a
// hint, the order is read from Dhan's book before anything is applied. The socket may be quiet between orders,
// so StrikeDesk pings it: the pong is a sign of life and a dead socket still reads as dead. Dhan documents no
// answer to a refused login: the socket closes and is retried with backoff, and the book's REST read (DH-901)
// tells a dead token.
import { createFeedSocket, type FeedSocket, type FeedTuning } from '../live/feed-socket.ts';

export type DhanOrderAlert = { orderId: string; status: string | null; correlationId: string | null };

export type DhanOrderSocketOptions = FeedTuning & {
  /** wss://api-order-update.dhan.co (a test server's address in tests). */
  url: string;
  clientId: string;
  accessToken: string;
  onOpen?: () => void;
  onAlert: (alert: DhanOrderAlert) => void;
  onError?: (message: string) => void;
  onReconnectScheduled?: (attempt: number, delayMs: number) => void;
};

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null);

/** An order alert's order number, status and correlation id; null for any other message. */
export function readOrderAlert(message: unknown): DhanOrderAlert | null {
  if (typeof message !== 'object' || message === null) return null;
  const { Type: type, Data: data } = message as { Type?: unknown; Data?: unknown };
  if (type !== 'order_alert' || typeof data !== 'object' || data === null) return null;
  // Dhan's page writes OrderNo; some clients read orderNo: either is taken.
  const fields = data as Record<string, unknown>;
  const orderId = text(fields.OrderNo ?? fields.orderNo);
  return orderId === null ? null : { orderId, status: text(fields.Status ?? fields.status), correlationId: text(fields.CorrelationId ?? fields.correlationId) };
}

export function createDhanOrderSocket(options: DhanOrderSocketOptions): FeedSocket {
  const socket: FeedSocket = createFeedSocket({
    pingEveryMs: 10_000,
    staleAfterMs: 30_000,
    ...options,
    address: async () => ({ url: options.url }),
    tokenError: () => false,
    onOpen: () => {
      socket.send(JSON.stringify({ LoginReq: { MsgCode: 42, ClientId: options.clientId, Token: options.accessToken }, UserType: 'SELF' }));
      options.onOpen?.();
    },
    onMessage: (bytes) => {
      let message: unknown;
      try {
        message = JSON.parse(bytes.toString('utf8'));
      } catch {
        options.onError?.('a message that is not JSON');
        return;
      }
      const alert = readOrderAlert(message);
      if (alert !== null) options.onAlert(alert);
    },
  });
  return socket;
}
