import { useIntl } from 'react-intl';
import type { AlertCategory } from '@/features/alerts/api/alert-calls';
import { alertMessages as messages, categoryMessages } from '@/features/alerts/alert-messages';
import { alertCategories } from '@/features/alerts/model/alert-shape';

type AlertFiltersProps = {
  category: AlertCategory | null;
  unreadOnly: boolean;
  onCategory: (category: AlertCategory | null) => void;
  onUnreadOnly: (unreadOnly: boolean) => void;
};

const chip = (pressed: boolean) =>
  `inline-flex min-h-11 items-center rounded-full border px-3 text-sm font-medium ${
    pressed ? 'border-brand bg-brand-soft text-brand' : 'border-line bg-surface text-fg-muted hover:bg-surface-muted hover:text-fg'
  }`;

/** Filter chips: one category at a time (or all), and unread only; toggle buttons, so their state is read out. */
export function AlertFilters({ category, unreadOnly, onCategory, onUnreadOnly }: AlertFiltersProps) {
  const intl = useIntl();
  const choices: (AlertCategory | null)[] = [null, ...alertCategories];
  return (
    <div role="group" aria-label={intl.formatMessage(messages.filters)} className="flex flex-wrap gap-2">
      {choices.map((choice) => (
        <button key={choice ?? 'all'} type="button" aria-pressed={category === choice} onClick={() => onCategory(choice)} className={chip(category === choice)}>
          {intl.formatMessage(choice === null ? messages.all : categoryMessages[choice])}
        </button>
      ))}
      <button type="button" aria-pressed={unreadOnly} onClick={() => onUnreadOnly(!unreadOnly)} className={chip(unreadOnly)}>
        {intl.formatMessage(messages.unreadOnly)}
      </button>
    </div>
  );
}
