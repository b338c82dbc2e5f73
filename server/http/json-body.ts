// JSON request bodies. JSON between systems is UTF-8 (RFC 8259 §8.1): a declared charset other than
// UTF-8 answers 415 rather than being read as UTF-8 (it was, garbling UTF-16), and bytes that are not
// UTF-8 answer 400 rather than turning into U+FFFD. Nesting is bounded before parsing, prototype keys
// are refused after it, and each refusal says what is wrong. An empty body counts as no body: some
// clients send `Content-Type: application/json` on a body-less POST (sign-out); an operation that
// needs a body then answers the usual validation error instead of a parser error.
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';
import { findPrototypeKey, jsonDepthExceeds, maxJsonDepth } from './json-guards.ts';

const utf8Names = new Set(['utf-8', 'utf8']);

/** The charset parameter of a Content-Type, lower-cased and unquoted; null when none is declared. */
export function charsetOf(contentType: string | undefined): string | null {
  for (const parameter of (contentType ?? '').split(';').slice(1)) {
    const [name = '', ...rest] = parameter.split('=');
    if (name.trim().toLowerCase() === 'charset') return rest.join('=').trim().replace(/^"(.*)"$/, '$1').toLowerCase();
  }
  return null;
}

/** The parsed body, or the refusal naming what is wrong with it. */
export function parseJsonBody(bytes: Buffer, contentType: string | undefined): unknown {
  const charset = charsetOf(contentType);
  if (charset !== null && !utf8Names.has(charset)) {
    throw new HttpError(415, 'unsupported_charset', `Send JSON in UTF-8: charset "${charset}" is not supported`);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new HttpError(400, 'invalid_utf8', 'The request body is not valid UTF-8');
  }
  if (text.trim() === '') return undefined;
  if (jsonDepthExceeds(text, maxJsonDepth)) {
    throw new HttpError(400, 'json_too_deep', `The request body nests objects and lists more than ${maxJsonDepth} levels deep`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof SyntaxError ? `: ${error.message}` : '';
    throw new HttpError(400, 'invalid_json', `The request body is not valid JSON${reason}`);
  }
  const prototypeKey = findPrototypeKey(value);
  if (prototypeKey !== null) {
    const message = `${prototypeKey}: keys named __proto__, or prototype inside constructor, are not allowed`;
    throw new HttpError(400, 'forbidden_key', message, { field: prototypeKey });
  }
  return value;
}

export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    try {
      done(null, parseJsonBody(typeof body === 'string' ? Buffer.from(body) : body, request.headers['content-type']));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}
