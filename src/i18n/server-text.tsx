import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { sayCoded, type CodedText } from '@/i18n/say-server-text';
import { screenLinks, screenTags } from '@/i18n/screen-links';
import type { ApiError } from '@/lib/api/api-error';

/**
 * What the server wrote for the trader (sayServerText's words), with each screen it names a link to that
 * screen: "Change the account's risk limits on the Kill switch page" takes the trader there in one tap.
 */
export function ServerText({ text, fallback }: { text: CodedText | null | undefined; fallback: string }) {
  const intl = useIntl();
  if (text === null || text === undefined) return fallback;
  const links = Object.fromEntries(
    screenTags.map((tag) => [
      tag,
      (chunks: ReactNode[]) => (
        <Link to={screenLinks[tag]} className="font-medium text-brand underline underline-offset-2">
          {chunks}
        </Link>
      ),
    ]),
  );
  return sayCoded<ReactNode>(intl, text, (message, values) => intl.formatMessage(message, { ...values, ...links })) ?? fallback;
}

/** A refusal of the server (a 4xx's Error answer) as sayRefusal says it, its screens linked. */
export function RefusalText({ error }: { error: Pick<ApiError, 'text' | 'message'> }) {
  return <ServerText text={error.text} fallback={error.message} />;
}
