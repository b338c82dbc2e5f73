import { useId } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { CopyField } from '@/components/ui/copy-field';
import type { LiveBrokerWords } from '@/features/brokers/live-broker-words';
import { addressProblem } from '@/features/brokers/public-address';
import { brokerReturnUrl } from '@/features/brokers/start-broker-login';
import { apiOrigin } from '@/lib/api/api-origin';
import { runtimeConfig } from '@/lib/api/clients';

const messages = defineMessages({
  redirect: { id: 'brokers.kite.redirect', defaultMessage: 'Redirect URL' },
  postback: { id: 'brokers.kite.postback', defaultMessage: 'Postback URL' },
});

type BrokerConsoleProps = { broker: string; words: LiveBrokerWords };

/**
 * The two addresses a live broker's app must be registered with (the login's return page and the order
 * updates' postback), each ready to copy, and whether the broker can use them.
 */
export function BrokerConsole({ broker, words }: BrokerConsoleProps) {
  const intl = useIntl();
  const origin = window.location.origin;
  const titleId = useId();
  const redirect = brokerReturnUrl(origin, broker);
  const postback = `${apiOrigin(origin, runtimeConfig().apiBaseUrl)}/api/brokers/${broker}/postback/`;
  const warning = (url: string, message: LiveBrokerWords['redirectWarning']) => {
    const problem = addressProblem(url);
    return problem === null ? undefined : intl.formatMessage(message, { problem });
  };
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2 rounded-md border border-line bg-surface-muted p-3">
      <h3 id={titleId} className="text-sm font-semibold text-fg">
        {intl.formatMessage(words.consoleTitle)}
      </h3>
      <p className="text-sm text-fg-muted">{intl.formatMessage(words.consoleSteps)}</p>
      <CopyField label={intl.formatMessage(messages.redirect)} value={redirect} warning={warning(redirect, words.redirectWarning)} />
      <CopyField label={intl.formatMessage(messages.postback)} value={postback} warning={warning(postback, words.postbackWarning)} />
    </section>
  );
}
