// JSON request bodies: Fastify's own parser (which refuses __proto__ and constructor.prototype keys),
// except that an empty body counts as no body. Some clients send `Content-Type: application/json` on
// a body-less POST (sign-out); that must not fail, and an operation that needs a body then answers
// the usual validation error instead of a parser error.
import type { FastifyInstance } from 'fastify';

export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
