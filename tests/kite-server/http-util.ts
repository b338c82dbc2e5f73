// Small node:http helpers for the test server: body reading and Kite's JSON envelopes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AnswerError } from './answer-error.ts';

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  response.end(text);
}

export function sendSuccess(response: ServerResponse, data: unknown): void {
  sendJson(response, 200, { status: 'success', data });
}

export function sendError(response: ServerResponse, error: unknown): void {
  if (error instanceof AnswerError) {
    sendJson(response, error.status, { status: 'error', message: error.message, data: null, error_type: error.errorType });
    return;
  }
  sendJson(response, 500, { status: 'error', message: error instanceof Error ? error.message : String(error), data: null, error_type: 'GeneralException' });
}

export function parseJsonBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new AnswerError(400, 'InputException', 'Invalid JSON body.');
  }
}
