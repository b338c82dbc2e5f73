// A trading bot's webhook (issue 41): its settings, for its owner, and the address itself, which carries no
// bearer token (TradingView cannot send one): the token in the path is the proof, and a signing secret when
// the bot has one. The signature covers the body's exact bytes, so this plugin's JSON parser keeps them (its
// own content-type parsers stay inside this plugin); TradingView sends a message that is not JSON as
// text/plain, which is read here too, to answer "not JSON" rather than 415.
import type { FastifyRequest } from 'fastify';
import { doneTexts, told } from '../services/texts/done-texts.ts';
import { requestTexts } from '../services/texts/request-texts.ts';
import { requireAuth } from './authentication.ts';
import { route } from './contract-route.ts';
import { fastifyRefusal, HttpError } from './errors.ts';
import { parseJsonBody } from './json-body.ts';
import type { RoutePlugin } from './route-plugins.ts';

const rawBodies = new WeakMap<FastifyRequest, Buffer>();
const unreadable = new WeakMap<FastifyRequest, HttpError>();

const header = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

export const webhookRoutes: RoutePlugin = async (app, { context }) => {
  const { settings, receiver } = context.services.webhooks;
  const userId = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).user.id;

  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    rawBodies.set(request, bytes);
    try {
      // text/plain says nothing of a charset's name the JSON reader would refuse: read it as UTF-8 JSON.
      done(null, parseJsonBody(bytes, request.headers['content-type']?.startsWith('text/plain') === true ? 'application/json' : request.headers['content-type']));
    } catch (error) {
      // A delivery that does not parse still goes to its bot's alert log (the receiver refuses it there); the
      // settings routes answer the parser's refusal as every route does.
      if (!(error instanceof HttpError) || !request.url.startsWith('/api/webhooks/')) return done(error as Error, undefined);
      unreadable.set(request, error);
      done(null, {});
    }
  });

  // Any other media type: a delivery's bytes are read all the same, so its refusal (415) is in its bot's log with
  // the alert id when the bytes show one (issue 62); the settings routes answer 415 as every route does.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (request, body, done) => {
    const refused = HttpError.said(415, 'unsupported_media_type', requestTexts.unsupportedMediaType('json'));
    if (!request.url.startsWith('/api/webhooks/')) return done(refused, undefined);
    rawBodies.set(request, typeof body === 'string' ? Buffer.from(body) : body);
    unreadable.set(request, refused);
    done(null, {});
  });

  // A delivery over the size limit is refused before its bytes are read (413): logged against its bot all the same.
  app.addHook('onError', async (request, _reply, error) => {
    const token = (request.params as { token?: unknown }).token;
    if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE' || typeof token !== 'string' || !request.url.startsWith('/api/webhooks/')) return;
    await receiver.logUnread(token, 'payload_too_large', fastifyRefusal(error, 413));
  });

  route(app, 'getBotWebhook', async (request) => settings.get(userId(request), request.params.id));

  route(app, 'updateBotWebhook', async (request) => settings.save(userId(request), request.params.id, request.body));

  route(app, 'deleteBotWebhook', async (request) => {
    await settings.remove(userId(request), request.params.id);
    return told(doneTexts.webhookOff);
  });

  route(app, 'receiveBotWebhook', async (request) => {
    const refused = unreadable.get(request);
    return receiver.receive({
      token: request.params.token,
      rawBody: rawBodies.get(request) ?? Buffer.alloc(0),
      body: request.body,
      timestamp: header(request.headers['x-strikedesk-timestamp']),
      signature: header(request.headers['x-strikedesk-signature']),
      unreadable: refused === undefined ? null : { error: refused, code: refused.code, reason: { text: refused.message, i18n: refused.text ?? { code: 'text', params: { text: refused.message } } } },
    });
  });
};
