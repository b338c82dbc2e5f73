// Errors Node raises on a connection before Fastify has a request (a request that took too long to
// arrive, headers too large, bytes that are not HTTP). Only the raw socket exists then, so the answer is
// written by hand, in the same `{ message, code }` shape and with the same security headers as every
// other answer, and the connection is closed.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { requestTexts } from '../services/texts/request-texts.ts';
import type { Said } from '../services/texts/said.ts';
import type { SecurityHeaders } from './security-headers.ts';

type ClientError = Error & { code?: string };

function answerFor(error: ClientError): { status: number; code: string; text: Said } {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, code: 'request_timeout', text: requestTexts.timedOut };
  if (error.code === 'HPE_HEADER_OVERFLOW') return { status: 431, code: 'headers_too_large', text: requestTexts.headersTooLarge };
  return { status: 400, code: 'bad_request', text: requestTexts.notHttp };
}

export function createClientErrorHandler(securityHeaders: SecurityHeaders): (error: ClientError, socket: Socket) => void {
  return (error, socket) => {
    // A reset connection, or one Node already destroyed: nobody is left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const { status, code, text } = answerFor(error);
    const body = JSON.stringify({ message: text.text, code, details: { text: text.i18n } });
    const headers = {
      ...securityHeaders,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      'cache-control': 'no-store',
      connection: 'close',
    };
    const head = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}`)
      .join('\r\n');
    if (socket.writable) socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${head}\r\n\r\n${body}`);
    socket.destroy(error);
  };
}
