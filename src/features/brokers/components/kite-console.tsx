import { useId } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { CopyField } from '@/components/ui/copy-field';
import { addressProblem, type AddressProblem } from '@/features/brokers/public-address';
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

// Kite needs public https addresses: said beside each URL that is not one, with what it costs.
const redirectWarning = defineMessage<{ problem: AddressProblem }>({
  id: 'brokers.kite.redirectWarning',
  defaultMessage:
    'Kite needs a public https address here. {problem, select, local {This one is reachable only from this computer or its network: logging in to Kite works only in a browser there.} other {This one is not https: Zerodha would send your request token unencrypted.}} Serve StrikeDesk at a public https address to log in from anywhere.',
});
const postbackWarning = defineMessage<{ problem: AddressProblem }>({
  id: 'brokers.kite.postbackWarning',
  defaultMessage:
    'Kite needs a public https address here: it posts your order updates from the internet. {problem, select, local {This one is reachable only from this computer or its network, so no postback will arrive.} other {This one is not https.}} Until StrikeDesk is served at one, order updates come only from Kite’s ticker and StrikeDesk’s own reads of your orders.',
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

/** The two addresses a Kite Connect app must be registered with, each ready to copy, and whether Kite can use them. */
export function KiteConsole() {
  const intl = useIntl();
  const origin = window.location.origin;
  const titleId = useId();
  const redirect = `${origin}${redirectPath}`;
  const postback = `${apiOrigin(origin, runtimeConfig().apiBaseUrl)}${postbackPath}`;
  const warning = (url: string, message: typeof redirectWarning) => {
    const problem = addressProblem(url);
    return problem === null ? undefined : intl.formatMessage(message, { problem });
  };
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2 rounded-md border border-line bg-surface-muted p-3">
      <h3 id={titleId} className="text-sm font-semibold text-fg">
        {intl.formatMessage(messages.title)}
      </h3>
      <p className="text-sm text-fg-muted">{intl.formatMessage(messages.steps)}</p>
      <CopyField label={intl.formatMessage(messages.redirect)} value={redirect} warning={warning(redirect, redirectWarning)} />
      <CopyField label={intl.formatMessage(messages.postback)} value={postback} warning={warning(postback, postbackWarning)} />
    </section>
  );
}
