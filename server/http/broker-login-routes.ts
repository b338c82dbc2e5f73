// The paper broker's own login page, at the site root (/broker-login/paper): what Kite's
// kite.zerodha.com/connect/login is for a real account. It is not part of the API: no bearer token (the
// broker does not know StrikeDesk's session), HTML answers, and a form post. On success it redirects back
// to the PWA with a single-use request_token, exactly as Kite redirects to an app's redirect URL.
import { readFileSync } from 'node:fs';
import type { FastifyReply } from 'fastify';
import { paperSlug } from '../services/brokers/paper/paper-broker.ts';
import { paperCancelPath, paperLoginCssPath, renderLoginForm, renderUnknownKey, type LoginFormView } from './paper-login-page.ts';
import type { RoutePlugin } from './route-plugins.ts';

const css = readFileSync(new URL('./paper-login.css', import.meta.url), 'utf8');

const callbackPath = `/app/broker/${paperSlug}/callback`;

type LoginQuery = { api_key?: string | string[] };
type LoginForm = Partial<Record<'api_key' | 'client_id' | 'password', string>>;

function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  // The page and its answers carry request_tokens and account names: nothing may keep a copy.
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

function first(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? '';
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

  app.get<{ Querystring: LoginQuery }>('/broker-login/paper', async (request, reply) => {
    const apiKey = first(request.query.api_key);
    const account = apiKey === '' ? null : await paperBroker.findLoginAccount(apiKey);
    if (account === null) return sendHtml(reply, 404, renderUnknownKey());
    return sendHtml(reply, 200, renderLoginForm({ apiKey, accountName: account.name, accountNumber: account.accountNumber }));
  });

  app.post<{ Body: LoginForm | undefined }>('/broker-login/paper', async (request, reply) => {
    const form = request.body ?? {};
    const apiKey = form.api_key ?? '';
    const clientId = form.client_id ?? '';
    const account = apiKey === '' ? null : await paperBroker.findLoginAccount(apiKey);
    if (account === null) return sendHtml(reply, 404, renderUnknownKey());
    const result = await paperBroker.logIn({ apiKey, clientId, password: form.password ?? '' }, context.clock());
    if (result.outcome === 'ok') {
      const query = new URLSearchParams({ request_token: result.requestToken, action: 'login', status: 'success' });
      return reply.header('cache-control', 'no-store').redirect(`${callbackPath}?${query.toString()}`, 303);
    }
    if (result.outcome === 'unknown_api_key') return sendHtml(reply, 404, renderUnknownKey());
    const errors: Record<typeof result.outcome, { status: number; error: NonNullable<LoginFormView['error']> }> = {
      wrong_client_id: {
        status: 400,
        error: { field: 'client_id', message: 'This Client ID does not match the account. Enter the account number shown above.' },
      },
      short_password: {
        status: 400,
        error: { field: 'password', message: 'Paper accounts need a password of at least 6 characters.' },
      },
      secret_unreadable: {
        status: 422,
        error: { field: 'form', message: "This account's API secret can no longer be read. Edit the account in StrikeDesk, enter its API secret again, then log in." },
      },
    };
    const { status, error } = errors[result.outcome];
    return sendHtml(reply, status, renderLoginForm({ apiKey, accountName: account.name, accountNumber: account.accountNumber, clientId, error }));
  });

  app.get(paperCancelPath, async (_request, reply) => {
    return reply.header('cache-control', 'no-store').redirect(`${callbackPath}?status=cancelled`, 303);
  });
};
