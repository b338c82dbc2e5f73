// The paper broker's own login page, at the site root (/broker-login/paper): what Kite's
// kite.zerodha.com/connect/login is for a real account. It is not part of the API: no bearer token (the
// broker does not know StrikeDesk's session), HTML answers, and a form post. On success it redirects back
// to the PWA with a single-use request_token, exactly as Kite redirects to an app's redirect URL.
import { readFileSync } from 'node:fs';
import type { FastifyReply } from 'fastify';
import { isPlausibleApiKey, paperSlug, type PaperFieldProblems } from '../services/brokers/paper/paper-broker.ts';
import { deviceCookie, deviceTokenFor, paperLoginDeviceCookie } from './device-cookies.ts';
import { paperCancelPath, paperIconPath, paperLoginCssPath, renderInvalidLink, renderLoginForm, type PaperLoginField } from './paper-login-page.ts';
import { negotiateLang, paperLoginText, type PaperLoginLang } from './paper-login-text.ts';
import type { RoutePlugin } from './route-plugins.ts';

const css = readFileSync(new URL('./paper-login.css', import.meta.url), 'utf8');
// StrikeDesk's own icon: the page shows the app the trader logs in to, and uses it as its favicon.
const icon = readFileSync(new URL('../../public/favicon.svg', import.meta.url));

const callbackPath = `/app/broker/${paperSlug}/callback`;

type LoginQuery = { api_key?: string | string[]; lang?: string | string[] };
type LoginForm = Partial<Record<'api_key' | 'client_id' | 'password' | 'lang', string>>;

function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  // The page and its answers carry request_tokens: nothing may keep a copy. Its language follows
  // Accept-Language when the link names none.
  return reply.code(status).header('cache-control', 'no-store').header('vary', 'Accept-Language').type('text/html; charset=utf-8').send(html);
}

function first(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

function fieldMessages(lang: PaperLoginLang, problems: PaperFieldProblems): Partial<Record<PaperLoginField, string>> {
  const text = paperLoginText[lang];
  const messages: Partial<Record<PaperLoginField, string>> = {};
  if (problems.client_id !== undefined) messages.client_id = problems.client_id === 'missing' ? text.clientIdMissing : text.clientIdShape;
  if (problems.password !== undefined) messages.password = problems.password === 'missing' ? text.passwordMissing : text.passwordShort;
  return messages;
}

export const brokerLoginRoutes: RoutePlugin = async (app, { context }) => {
  const { paperBroker } = context.services;

  // Only this plugin reads HTML forms; the API keeps accepting JSON alone.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8 * 1024 }, (_request, body, done) => {
    const params = new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'));
    done(null, Object.fromEntries(params));
  });

  app.get(paperLoginCssPath, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600').type('text/css; charset=utf-8');
    return css;
  });

  app.get(paperIconPath, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml');
    return icon;
  });

  // Any api_key gets the same form: whether an account uses it is learned only with its Client ID.
  app.get<{ Querystring: LoginQuery }>('/broker-login/paper', async (request, reply) => {
    const lang = negotiateLang(first(request.query.lang), request.headers['accept-language']);
    const apiKey = first(request.query.api_key);
    if (!isPlausibleApiKey(apiKey)) return sendHtml(reply, 404, renderInvalidLink(lang));
    return sendHtml(reply, 200, renderLoginForm({ lang, apiKey }));
  });

  app.post<{ Body: LoginForm | undefined }>('/broker-login/paper', async (request, reply) => {
    const form = request.body ?? {};
    const lang = negotiateLang(form.lang, request.headers['accept-language']);
    const apiKey = form.api_key ?? '';
    const clientId = form.client_id ?? '';
    if (!isPlausibleApiKey(apiKey)) return sendHtml(reply, 404, renderInvalidLink(lang));
    const deviceToken = deviceTokenFor(request.headers.cookie, paperLoginDeviceCookie, apiKey);
    const result = await paperBroker.logIn({ apiKey, clientId, password: form.password ?? '', ip: request.ip, deviceToken }, context.clock());
    const view = { lang, apiKey, clientId };
    switch (result.outcome) {
      case 'answered': {
        // The same answer whether the Client ID is linked or not (paper-broker.ts): the PWA's exchange of the
        // token is where the account's owner learns whether it opened a session.
        const query = new URLSearchParams({ request_token: result.requestToken, action: 'login', status: 'success' });
        reply.header('set-cookie', deviceCookie(paperLoginDeviceCookie, apiKey, result.deviceToken, context.overTls(request)));
        return reply.header('cache-control', 'no-store').redirect(`${callbackPath}?${query.toString()}`, 303);
      }
      case 'invalid':
        return sendHtml(reply, 400, renderLoginForm({ ...view, fieldErrors: fieldMessages(lang, result.fields) }));
      case 'throttled':
        reply.header('retry-after', String(result.retryAfterSeconds));
        return sendHtml(reply, 429, renderLoginForm({ ...view, formError: paperLoginText[lang].tooManyAttempts(result.retryAfterSeconds) }));
    }
  });

  app.get(paperCancelPath, async (_request, reply) => {
    return reply.header('cache-control', 'no-store').redirect(`${callbackPath}?status=cancelled`, 303);
  });
};
