// Kite's login page, as far as an app sees it: GET /connect/login?v=3&api_key=… shows a form for the
// trading account's client ID and password; a good login redirects to the app's registered redirect URL
// with `request_token=…&action=login&type=login&status=success`, Cancel with `status=cancelled`.
import type { ServerResponse } from 'node:http';
import type { App, Apps } from './apps.ts';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

function page(app: App, error: string | null): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Kite Connect login (test server)</title></head>
<body>
<main>
<h1>Login to Kite</h1>
<p>Logging in to <strong>${escape(app.apiKey)}</strong></p>
${error ? `<p role="alert">${escape(error)}</p>` : ''}
<form method="post" action="/connect/login">
<input type="hidden" name="api_key" value="${escape(app.apiKey)}">
<label>Client ID <input name="user_id" autocomplete="username" required></label>
<label>Password <input name="password" type="password" autocomplete="current-password" required></label>
<button type="submit" name="action" value="login">Login</button>
<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
</form>
</main>
</body></html>`;
}

function send(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
  response.end(html);
}

function redirect(response: ServerResponse, app: App, query: Record<string, string>): void {
  const url = new URL(app.redirectUrl);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  response.writeHead(302, { Location: url.toString() });
  response.end();
}

export function showLogin(apps: Apps, query: URLSearchParams, response: ServerResponse): void {
  const app = apps.get(query.get('api_key') ?? '');
  if (!app || query.get('v') !== '3') {
    send(response, 400, '<!doctype html><title>Invalid request</title><p role="alert">Invalid `api_key` or version.</p>');
    return;
  }
  send(response, 200, page(app, null));
}

export function submitLogin(apps: Apps, form: URLSearchParams, response: ServerResponse): void {
  const app = apps.get(form.get('api_key') ?? '');
  if (!app) {
    send(response, 400, '<!doctype html><title>Invalid request</title><p role="alert">Invalid `api_key`.</p>');
    return;
  }
  if (form.get('action') === 'cancel') {
    redirect(response, app, { action: 'login', type: 'login', status: 'cancelled' });
    return;
  }
  if (form.get('user_id')?.toUpperCase() !== app.userId.toUpperCase() || form.get('password') !== app.password) {
    send(response, 401, page(app, 'Invalid client ID or password.'));
    return;
  }
  redirect(response, app, { request_token: apps.issueRequestToken(app), action: 'login', type: 'login', status: 'success' });
}
