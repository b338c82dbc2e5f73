// The paper broker's login page: plain server-rendered HTML that works without JavaScript. The CSP allows
// no inline script or style, so the page has neither (no <script>, no <style>, no style="" attributes):
// its look comes from one external stylesheet. Every dynamic value goes through escapeHtml.
//
// Like Kite's, it shows the app the trader is logging in to (StrikeDesk), never the account: the api_key
// travels in URLs, and whoever holds one learns nothing from the page. The form is `novalidate`: the
// server checks it and puts each message under its field (aria-invalid, aria-describedby), with a
// summary linking to the fields and focus on the first one in error.
import { paperLoginText, type PaperLoginLang, type PaperLoginText } from './paper-login-text.ts';

export const paperLoginCssPath = '/broker-login/paper/login.css';
export const paperIconPath = '/broker-login/paper/icon.svg';
export const paperCancelPath = '/broker-login/paper/cancel';
const formPath = '/broker-login/paper';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function page(text: PaperLoginText, title: string, body: string): string {
  return `<!doctype html>
<html lang="${text.htmlLang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="${paperIconPath}" type="image/svg+xml">
<link rel="stylesheet" href="${paperLoginCssPath}">
</head>
<body>
<main class="card">
<p class="brand">${escapeHtml(text.brand)} <span class="muted">${escapeHtml(text.simulated)}</span></p>
${body}
</main>
</body>
</html>
`;
}

export type PaperLoginField = 'client_id' | 'password';

export type LoginFormView = {
  lang: PaperLoginLang;
  apiKey: string;
  /** What the trader typed, kept when the form comes back with an error. */
  clientId?: string;
  /** A message under each field in error. */
  fieldErrors?: Partial<Record<PaperLoginField, string>>;
  /** A problem with the whole attempt (throttled). */
  formError?: string;
};

function query(params: Record<string, string>): string {
  return new URLSearchParams(params).toString();
}

type FieldSpec = { name: PaperLoginField; label: string; hint: string; attributes: string; error: string | undefined; autofocus: boolean };

function field({ name, label, hint, attributes, error, autofocus }: FieldSpec): string {
  const errorId = `${name}-error`;
  const hintId = `${name}-hint`;
  const describedBy = error === undefined ? hintId : `${errorId} ${hintId}`;
  const state = error === undefined ? '' : ` aria-invalid="true"${autofocus ? ' autofocus' : ''}`;
  const message = error === undefined ? '' : `\n<p class="field-error" id="${errorId}">${escapeHtml(error)}</p>`;
  return `<div class="field">
<label for="${name}">${escapeHtml(label)}</label>
<input id="${name}" name="${name}" ${attributes} aria-describedby="${describedBy}"${state}>${message}
<p class="hint" id="${hintId}">${escapeHtml(hint)}</p>
</div>`;
}

function summary(text: PaperLoginText, errors: Partial<Record<PaperLoginField, string>>, formError: string | undefined): string {
  if (formError !== undefined) return `<p class="error" role="alert">${escapeHtml(formError)}</p>\n`;
  const items = (['client_id', 'password'] as const).flatMap((name) => {
    const message = errors[name];
    return message === undefined ? [] : [`<li><a href="#${name}">${escapeHtml(message)}</a></li>`];
  });
  if (items.length === 0) return '';
  return `<div class="summary" role="alert" aria-labelledby="summary-heading">
<h2 id="summary-heading">${escapeHtml(text.summaryHeading)}</h2>
<ul>${items.join('')}</ul>
</div>\n`;
}

export function renderLoginForm({ lang, apiKey, clientId = '', fieldErrors = {}, formError }: LoginFormView): string {
  const text = paperLoginText[lang];
  const hasError = formError !== undefined || Object.keys(fieldErrors).length > 0;
  const firstInError: PaperLoginField | undefined = fieldErrors.client_id !== undefined ? 'client_id' : fieldErrors.password !== undefined ? 'password' : undefined;
  const other = text.otherLanguage;
  const switchHref = `${formPath}?${query({ api_key: apiKey, lang: other.lang })}`;
  const cancelHref = `${paperCancelPath}?${query({ api_key: apiKey })}`;
  const clientField = field({
    name: 'client_id',
    label: text.clientIdLabel,
    hint: text.clientIdHint,
    attributes: `value="${escapeHtml(clientId)}" autocomplete="username" autocapitalize="characters" spellcheck="false" required`,
    error: fieldErrors.client_id,
    autofocus: firstInError === 'client_id',
  });
  const passwordField = field({
    name: 'password',
    label: text.passwordLabel,
    hint: text.passwordHint,
    attributes: 'type="password" autocomplete="current-password" required',
    error: fieldErrors.password,
    autofocus: firstInError === 'password',
  });
  return page(
    text,
    `${hasError ? text.errorTitlePrefix : ''}${text.title}`,
    `<h1>${escapeHtml(text.heading)}</h1>
<p class="app"><img src="${paperIconPath}" alt="" width="40" height="40"> <span>${escapeHtml(text.continueTo)} <strong>${escapeHtml(text.appName)}</strong></span></p>
${summary(text, fieldErrors, formError)}<form method="post" action="${formPath}" novalidate>
<input type="hidden" name="api_key" value="${escapeHtml(apiKey)}">
<input type="hidden" name="lang" value="${lang}">
${clientField}
${passwordField}
<div class="actions">
<button type="submit">${escapeHtml(text.submit)}</button>
<a class="cancel" href="${escapeHtml(cancelHref)}">${escapeHtml(text.cancel)}</a>
</div>
</form>
<p class="note">${escapeHtml(text.note)}</p>
<p class="lang"><a href="${escapeHtml(switchHref)}" lang="${other.lang}" hreflang="${other.lang}">${escapeHtml(other.name)}</a></p>`,
  );
}

export function renderInvalidLink(lang: PaperLoginLang): string {
  const text = paperLoginText[lang];
  return page(
    text,
    text.invalidLinkTitle,
    `<h1>${escapeHtml(text.invalidLinkHeading)}</h1>
<p>${escapeHtml(text.invalidLinkText)}</p>
<p class="actions"><a class="button" href="/app/broker">${escapeHtml(text.backToApp)}</a></p>`,
  );
}
