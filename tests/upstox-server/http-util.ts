// Small node:http helpers for the test server: body reading and Upstox's JSON envelopes.
// Success: {status: "success", data, metadata?}; error: {status: "error", errors: [{errorCode, message,
// propertyPath, invalidValue, error_code, property_path, invalid_value}]} (Upstox sends both spellings).
// https://upstox.com/developer/api-documentation/error-codes
import type { ServerResponse } from 'node:http';
import { sendJson } from '../kite-server/http-util.ts';

// The node:http plumbing (a body read whole, a JSON answer) is the Kite test server's; the envelopes are Upstox's.
export { readBody, sendJson } from '../kite-server/http-util.ts';

/** A refusal the test server answers as Upstox does. */
export class UpstoxRefusal extends Error {
  readonly status: number;
  readonly errorCode: string;

  constructor(status: number, errorCode: string, message: string) {
    super(message);
    this.status = status;
    this.errorCode = errorCode;
  }
}

/** UDAPI100036 "Invalid Input" is Upstox's documented code for a bad field; the messages name the field. */
export const invalidInput = (message: string) => new UpstoxRefusal(400, 'UDAPI100036', message);
export const invalidToken = () => new UpstoxRefusal(401, 'UDAPI100050', 'Invalid token used to access API');
export const tooManyRequests = () => new UpstoxRefusal(429, 'UDAPI10005', 'Too Many Request Sent');


export function sendSuccess(response: ServerResponse, data: unknown, metadata?: unknown): void {
  sendJson(response, 200, metadata === undefined ? { status: 'success', data } : { status: 'success', data, metadata });
}

export function sendRefusal(response: ServerResponse, error: unknown): void {
  const refusal = error instanceof UpstoxRefusal ? error : new UpstoxRefusal(500, 'UDAPI100500', 'Something went wrong... please contact us');
  const problem = { errorCode: refusal.errorCode, message: refusal.message, propertyPath: null, invalidValue: null };
  const snake = { error_code: refusal.errorCode, property_path: null, invalid_value: null };
  sendJson(response, refusal.status, { status: 'error', errors: [{ ...problem, ...snake }] });
}

export function parseJsonBody(text: string): Record<string, unknown> {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === 'object' && body !== null && !Array.isArray(body)) return { ...body };
  } catch {
    // answered below
  }
  throw invalidInput('The request body is not a JSON object.');
}
