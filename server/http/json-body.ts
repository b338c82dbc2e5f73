// JSON request bodies. JSON between systems is UTF-8 (RFC 8259 §8.1): a declared charset other than
// UTF-8 answers 415 rather than being read as UTF-8 (it was, garbling UTF-16), and bytes that are not
// UTF-8 answer 400 rather than turning into U+FFFD. Nesting is bounded before parsing, prototype keys
// are refused after it, and each refusal says what is wrong. An empty body counts as no body: some
// clients send `Content-Type: application/json` on a body-less POST (sign-out); an operation that
// needs a body then answers the usual validation error instead of a parser error.
import type { FastifyInstance } from 'fastify';
import { requestTexts } from '../services/texts/request-texts.ts';
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
    throw HttpError.said(415, 'unsupported_charset', requestTexts.unsupportedCharset(charset));
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw HttpError.said(400, 'invalid_utf8', requestTexts.invalidUtf8);
  }
  if (text.trim() === '') return undefined;
  if (jsonDepthExceeds(text, maxJsonDepth)) {
    throw HttpError.said(400, 'json_too_deep', requestTexts.tooDeep(maxJsonDepth));
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // The parser's words (its position in the body) stay in the English message only.
    throw HttpError.said(400, 'invalid_json', requestTexts.invalidJson(error instanceof SyntaxError ? error.message : null));
  }
  const prototypeKey = findPrototypeKey(value);
  if (prototypeKey !== null) {
    throw HttpError.said(400, 'forbidden_key', requestTexts.forbiddenKey(prototypeKey), { field: prototypeKey });
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
