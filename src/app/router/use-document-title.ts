import { useEffect } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { shellMessages } from '@/app/layouts/brand';
import { documentTitle } from '@/app/router/screen-names';

/**
 * Names the browser tab and history entry after the screen ("Order book · StrikeDesk"), in the trader's
 * language: the text is formatted on every render, so a language switch renames the tab at once.
 * Without a screen (a redirect on its way), the brand alone. Returns the title.
 */
export function useDocumentTitle(screen: MessageDescriptor | undefined): string {
  const intl = useIntl();
  const brand = intl.formatMessage(shellMessages.brand);
  const title = screen ? intl.formatMessage(documentTitle, { screen: intl.formatMessage(screen) }) : brand;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return title;
}
