// Dhan's live order update socket (https://dhanhq.co/docs/v2/order-update/): a WebSocket at /order-update; the
// client's first message logs in ({LoginReq: {MsgCode: 42, ClientId, Token}, UserType: "SELF"}); from then on
// every change of that client's orders, whichever platform placed them, comes as JSON
// {Type: "order_alert", Data: {OrderNo, Status, ...}} (Dhan's field names and its words: "Pending", "Traded",
// "Cancelled"). A login with an unknown or expired token, or another client's, is closed (Dhan does not document
// its answer). `announce` sends an alert a test writes, whatever the book says (a hint ahead of the book).
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import type { Accounts } from './accounts.ts';
import type { DhanOrderRecord } from './order-book.ts';

type Client = { socket: WebSocket; clientId: string | null };

const statusWords: Readonly<Record<string, string>> = { PENDING: 'Pending', TRADED: 'Traded', CANCELLED: 'Cancelled', REJECTED: 'Rejected', PART_TRADED: 'Part_Traded', TRANSIT: 'Transit', EXPIRED: 'Expired' };

export function orderAlert(order: DhanOrderRecord): Record<string, unknown> {
  return {
    Type: 'order_alert',
    Data: {
      Exchange: 'NSE', Segment: 'D', Source: 'P', SecurityId: order.securityId, ClientId: order.dhanClientId, ExchOrderNo: `1100${order.orderId}`, OrderNo: order.orderId,
      Product: order.productType === 'INTRADAY' ? 'I' : 'M', TxnType: order.transactionType === 'BUY' ? 'B' : 'S', OrderType: order.orderType === 'MARKET' ? 'MKT' : 'LMT', Validity: 'DAY',
      Quantity: order.quantity, TradedQty: order.filledQty, RemainingQuantity: order.remainingQuantity, Price: order.price, TriggerPrice: order.triggerPrice, AvgTradedPrice: order.averageTradedPrice,
      Status: statusWords[order.orderStatus] ?? order.orderStatus, Symbol: order.tradingSymbol, CorrelationId: order.correlationId, Remarks: order.omsErrorDescription, LastUpdatedTime: order.updateTime,
    },
  };
}

export function createOrderUpdates(accounts: Accounts) {
  const wss = new WebSocketServer({ noServer: true });
  const clients = new Set<Client>();
  const logins: unknown[] = [];
  // Silenced, the sockets stay open (pongs answered) but carry no alert: an update lost on its way, as a test of
  // what else brings it (a postback) needs.
  let silent = false;

  function sendTo(clientId: string, message: Record<string, unknown>): void {
    for (const client of clients) if (client.clientId === clientId && client.socket.readyState === WebSocket.OPEN) client.socket.send(JSON.stringify(message));
  }

  return {
    handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
      wss.handleUpgrade(request, socket, head, (ws) => {
        const client: Client = { socket: ws, clientId: null };
        clients.add(client);
        ws.on('close', () => clients.delete(client));
        ws.on('message', (data) => {
          let message: { LoginReq?: { MsgCode?: unknown; ClientId?: unknown; Token?: unknown }; UserType?: unknown };
          try {
            message = JSON.parse(String(data));
          } catch {
            return;
          }
          logins.push(message);
          const login = message.LoginReq;
          try {
            const session = accounts.authenticate(String(login?.Token ?? ''));
            if (Number(login?.MsgCode) !== 42 || message.UserType !== 'SELF' || session.clientId !== login?.ClientId) throw new Error('refused');
            client.clientId = session.clientId;
          } catch {
            ws.close(4001, 'Authentication failed');
          }
        });
      });
    },
    /** An order of this client changed: its alert goes to the client's sockets. */
    orderChanged: (order: DhanOrderRecord) => void (!silent && sendTo(order.dhanClientId, orderAlert(order))),
    /** While on, no order's change is sent on any socket (an alert the test announces still is). */
    silence(on: boolean): void {
      silent = on;
    },
    /** An alert as the test writes it, whatever the book says. */
    announce: (clientId: string, message: Record<string, unknown>) => sendTo(clientId, message),
    logins: () => [...logins],
    /** Logged-in sockets. */
    connections: () => [...clients].filter((client) => client.clientId !== null).length,
    dropConnections(): void {
      for (const client of clients) client.socket.terminate();
    },
    close(): void {
      for (const client of clients) client.socket.terminate();
      wss.close();
    },
  };
}

export type OrderUpdates = ReturnType<typeof createOrderUpdates>;
