import PencilSquareIcon from '@heroicons/react/24/outline/PencilSquareIcon';
import TrashIcon from '@heroicons/react/24/outline/TrashIcon';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { cx } from '@/components/ui/class-names';
import type { Portfolio } from '@/features/portfolios/api/portfolio-types';
import { IconButton } from '@/features/portfolios/components/icon-button';
import { deleteLabel, editLabel, portfolioMessages as m } from '@/features/portfolios/portfolio-messages';
import { useFormat } from '@/lib/format/use-format';

type PortfolioCardProps = {
  portfolio: Portfolio;
  selected: boolean;
  /** Changes need the network; offline they are disabled (the screen says why). */
  canChange: boolean;
  onSelect: () => void;
  onEdit: () => void;
  onDelete: () => void;
};

export function PortfolioCard({ portfolio, selected, canChange, onSelect, onEdit, onDelete }: PortfolioCardProps) {
  const intl = useIntl();
  const { formatInr } = useFormat();
  const titleId = useId();
  const name = portfolio.name;
  return (
    <article
      aria-labelledby={titleId}
      className={cx(
        'flex h-full flex-col gap-3 rounded-lg border bg-surface p-4',
        selected ? 'border-brand ring-1 ring-brand' : 'border-line',
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="font-semibold text-fg break-words">
            {name}
          </h3>
          <p className="flex flex-wrap gap-x-1 text-sm text-fg-muted">
            <span>{intl.formatMessage(m.capital)}</span>
            <span className="font-medium text-fg tabular-nums">{formatInr(portfolio.capital, { maximumFractionDigits: 0 })}</span>
          </p>
        </div>
        <div className="-me-2 -mt-2 flex shrink-0">
          <IconButton label={intl.formatMessage(editLabel, { name })} icon={PencilSquareIcon} onClick={onEdit} disabled={!canChange} />
          <IconButton
            label={intl.formatMessage(deleteLabel, { name })}
            icon={TrashIcon}
            onClick={onDelete}
            disabled={!canChange}
            tone="danger"
          />
        </div>
      </div>
      <p className={cx('flex-1 text-sm break-words', portfolio.description ? 'text-fg' : 'text-fg-muted')}>
        {portfolio.description || intl.formatMessage(m.noDescription)}
      </p>
      {/* The chosen portfolio says so in words and to a screen reader (aria-current); pressing it again still
          takes the trader down to its bots. */}
      <Button
        variant={selected ? 'primary' : 'secondary'}
        aria-current={selected ? 'true' : undefined}
        onClick={onSelect}
        className="self-start"
      >
        {intl.formatMessage(selected ? m.showingBots : m.showBots)}
      </Button>
    </article>
  );
}
