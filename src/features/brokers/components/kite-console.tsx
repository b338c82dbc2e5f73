import { useId } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { CopyField } from '@/components/ui/copy-field';
import { runtimeConfig } from '@/lib/api/clients';

const messages = defineMessages({
  title: { id: 'brokers.kite.title', defaultMessage: 'Register StrikeDesk in the Kite developer console' },
  steps: {
    id: 'brokers.kite.steps',
    defaultMessage:
      'At developers.kite.trade, create a Kite Connect app with these two URLs, then enter the app’s API key and API secret below. Zerodha sends you back to the redirect URL after you log in, and your order updates to the postback URL.',
  },
  redirect: { id: 'brokers.kite.redirect', defaultMessage: 'Redirect URL' },
  postback: { id: 'brokers.kite.postback', defaultMessage: 'Postback URL' },
});

// Features cannot import the app's path constants: the login return route (/app/broker/:broker/*) is spelled out.
const redirectPath = '/app/broker/kite/callback';
const postbackPath = '/api/brokers/kite/postback/';

/**
 * Where the trading API answers: this origin by default, or the configured API server (VITE_API_URL,
 * /config.json), since that is where Zerodha must post order updates.
 */
export function apiOrigin(origin: string, apiBaseUrl: string): string {
  return (apiBaseUrl === '' ? origin : new URL(apiBaseUrl, `${origin}/`).href).replace(/\/+$/, '');
}

/** The two addresses a Kite Connect app must be registered with, each ready to copy. */
export function KiteConsole() {
  const intl = useIntl();
  const origin = window.location.origin;
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2 rounded-md border border-line bg-surface-muted p-3">
      <h3 id={titleId} className="text-sm font-semibold text-fg">
        {intl.formatMessage(messages.title)}
      </h3>
      <p className="text-sm text-fg-muted">{intl.formatMessage(messages.steps)}</p>
      <CopyField label={intl.formatMessage(messages.redirect)} value={`${origin}${redirectPath}`} />
      <CopyField label={intl.formatMessage(messages.postback)} value={`${apiOrigin(origin, runtimeConfig().apiBaseUrl)}${postbackPath}`} />
    </section>
  );
}
