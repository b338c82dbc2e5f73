import ChevronDownIcon from '@heroicons/react/20/solid/ChevronDownIcon';
import EllipsisHorizontalIcon from '@heroicons/react/24/outline/EllipsisHorizontalIcon';
import { defineMessages, useIntl } from 'react-intl';
import type { NavItem } from '@/app/layouts/nav-items';

export const moreMessages = defineMessages({
  more: { id: 'app.nav.more', defaultMessage: 'More' },
});

/**
 * What the top bar's More button shows, with its menu (nav-more-menu.tsx) or before the menu's code is here
 * (shell-parts.tsx): the same face in both, so the bar does not move when the menu arrives.
 */
export function MoreButtonFace({ items }: { items: readonly NavItem[] }) {
  const intl = useIntl();
  // An entry with something to say (unread alerts) marks the button too, or it would go unseen in the menu.
  const Badge = items.find((item) => item.Badge !== undefined)?.Badge;
  return (
    <>
      <EllipsisHorizontalIcon className="size-5 shrink-0" aria-hidden="true" />
      <span>{intl.formatMessage(moreMessages.more)}</span>
      {Badge ? <Badge variant="dot" /> : null}
      <ChevronDownIcon className="size-4 shrink-0" aria-hidden="true" />
    </>
  );
}

/** Whether the open screen is one of the menu's entries: the button then looks current, so the trader still sees where they are. */
export const holdsCurrent = (items: readonly NavItem[], pathname: string) => items.some(({ to }) => pathname === to || pathname.startsWith(`${to}/`));
