// Upstox's login dialog, as a plain form: GET /v2/login/authorization/dialog?response_type=code&client_id=…
// &redirect_uri=…&state=… shows it (400 UDAPI100068 when client_id or redirect_uri is wrong); posting it with
// the right user and password redirects to `redirect_uri?code=…&state=…`.
// https://upstox.com/developer/api-documentation/authorize
import type { ServerResponse } from 'node:http';
import type { Accounts } from './accounts.ts';
import { UpstoxRefusal, sendRefusal } from './http-util.ts';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function checkedApp(accounts: Accounts, params: URLSearchParams) {
  const app = accounts.app(params.get('client_id') ?? '');
  if (!app || app.redirectUri !== params.get('redirect_uri') || params.get('response_type') !== 'code') {
    throw new UpstoxRefusal(400, 'UDAPI100068', "Check your 'client_id' and 'redirect_uri'; one or both are incorrect.");
  }
  return app;
}

export function showDialog(accounts: Accounts, params: URLSearchParams, response: ServerResponse): void {
  try {
    checkedApp(accounts, params);
  } catch (error) {
    return sendRefusal(response, error);
  }
  const hidden = ['response_type', 'client_id', 'redirect_uri', 'state']
    .map((name) => `<input type="hidden" name="${name}" value="${escape(params.get(name) ?? '')}">`)
    .join('');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Upstox login (test server)</title></head><body>
<form method="post">${hidden}
<label>Mobile number or UCC <input name="user_id" value=""></label>
<label>PIN <input name="password" type="password" value=""></label>
<button type="submit">Continue</button></form></body></html>`;
  response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
  response.end(html);
}

export function submitDialog(accounts: Accounts, form: URLSearchParams, response: ServerResponse): void {
  let app;
  try {
    app = checkedApp(accounts, form);
  } catch (error) {
    return sendRefusal(response, error);
  }
  if (form.get('user_id') !== app.userId || form.get('password') !== app.password) {
    response.writeHead(401, { 'Content-Type': 'text/plain' });
    response.end('Wrong user or PIN');
    return;
  }
  const target = new URL(app.redirectUri);
  target.searchParams.set('code', accounts.issueCode(app, app.userId));
  const state = form.get('state');
  if (state) target.searchParams.set('state', state);
  response.writeHead(302, { Location: target.toString() });
  response.end();
}
