// The paper broker's login page: plain server-rendered HTML that works without JavaScript. The CSP allows
// no inline script or style, so the page has neither (no <script>, no <style>, no style="" attributes):
// its look comes from one external stylesheet. Every dynamic value goes through escapeHtml.
import { paperPasswordMinLength } from '../services/brokers/paper/paper-broker.ts';

export const paperLoginCssPath = '/broker-login/paper/login.css';
export const paperCancelPath = '/broker-login/paper/cancel';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${paperLoginCssPath}">
</head>
<body>
<main class="card">
<p class="brand">Paper broker <span class="muted">(simulated)</span></p>
${body}
</main>
</body>
</html>
`;
}

export type LoginFormView = {
  apiKey: string;
  accountName: string;
  accountNumber: string;
  /** What the trader typed, kept when the form comes back with an error. */
  clientId?: string;
  error?: { field: 'client_id' | 'password' | 'form'; message: string };
};

export function renderLoginForm({ apiKey, accountName, accountNumber, clientId = '', error }: LoginFormView): string {
  const invalid = (field: string) => (error?.field === field ? ' aria-invalid="true"' : '');
  const describedBy = (field: string, hint: string) => (error === undefined ? hint : error.field === field ? `${hint} login-error` : hint);
  const alert = error === undefined ? '' : `<p class="error" id="login-error" role="alert">${escapeHtml(error.message)}</p>\n`;
  const cancel = `${paperCancelPath}?${new URLSearchParams({ api_key: apiKey }).toString()}`;
  return page(
    'Paper broker — log in',
    `<h1>Paper broker — log in</h1>
<p class="account">Account <strong>${escapeHtml(accountName)}</strong> <span class="number">${escapeHtml(accountNumber)}</span></p>
${alert}<form method="post" action="/broker-login/paper">
<input type="hidden" name="api_key" value="${escapeHtml(apiKey)}">
<label for="client_id">Client ID</label>
<input id="client_id" name="client_id" value="${escapeHtml(clientId)}" autocomplete="username" autocapitalize="characters" spellcheck="false" required aria-describedby="${describedBy('client_id', 'client-id-hint')}"${invalid('client_id')}>
<p class="hint" id="client-id-hint">Your account number, as shown above.</p>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" minlength="${paperPasswordMinLength}" required aria-describedby="${describedBy('password', 'password-hint')}"${invalid('password')}>
<p class="hint" id="password-hint">Paper accounts accept any password of at least ${paperPasswordMinLength} characters.</p>
<div class="actions">
<button type="submit">Log in</button>
<a class="cancel" href="${escapeHtml(cancel)}">Cancel</a>
</div>
</form>
<p class="note">This page stands in for your broker's own login page. StrikeDesk never sees the password you type here.</p>`,
  );
}

export function renderUnknownKey(): string {
  return page(
    'Paper broker — unknown login link',
    `<h1>This login link is not valid</h1>
<p>No paper account uses this API key. Go back to StrikeDesk and choose “Log in to broker” on the account again.</p>
<p class="actions"><a class="button" href="/app/broker">Back to StrikeDesk</a></p>`,
  );
}
