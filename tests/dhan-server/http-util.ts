// Small node:http helpers for the Dhan test server: Dhan's error envelope and its codes.
// Errors: {errorType, errorCode, errorMessage} (https://dhanhq.co/docs/v2/, "Errors"), the codes of the
// Annexure's "Trading API Error" table (https://dhanhq.co/docs/v2/annexure): DH-901 invalid authentication
// (a token invalid or expired), DH-904 rate limit, DH-905 input exception, DH-906 order error, DH-908 internal
// server error.
import type { ServerResponse } from 'node:http';
import { sendJson } from '../kite-server/http-util.ts';

// The node:http plumbing (a body read whole, a JSON answer) is the Kite test server's; the envelope is Dhan's.
export { readBody, sendJson } from '../kite-server/http-util.ts';

export class DhanRefusal extends Error {
  readonly status: number;
  readonly errorType: string;
  readonly errorCode: string;

  constructor(status: number, errorType: string, errorCode: string, message: string) {
    super(message);
    this.status = status;
    this.errorType = errorType;
    this.errorCode = errorCode;
  }
}

export const invalidAuthentication = () => new DhanRefusal(401, 'Invalid_Authentication', 'DH-901', 'Client ID or user generated access token is invalid or expired.');
export const rateLimited = () => new DhanRefusal(429, 'Rate_Limit', 'DH-904', 'Too many requests on server from single user breaching rate limits. Try throttling API calls.');
export const inputException = (message: string) => new DhanRefusal(400, 'Input_Exception', 'DH-905', message);
export const orderError = (message: string) => new DhanRefusal(400, 'Order_Error', 'DH-906', message);

export function sendRefusal(response: ServerResponse, error: unknown): void {
  const refusal = error instanceof DhanRefusal ? error : new DhanRefusal(500, 'Internal_Server_Error', 'DH-908', 'Server was not able to process API request.');
  sendJson(response, refusal.status, { errorType: refusal.errorType, errorCode: refusal.errorCode, errorMessage: refusal.message });
}

export function parseJsonBody(text: string): Record<string, unknown> {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === 'object' && body !== null && !Array.isArray(body)) return { ...body };
  } catch {
    // answered below
  }
  throw inputException('The request body is not a JSON object.');
}
