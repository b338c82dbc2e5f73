import { useIntl } from 'react-intl';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { Portfolio } from '@/features/portfolios/api/portfolio-types';
import { usePortfolioActions } from '@/features/portfolios/hooks/use-portfolio-actions';
import { deleteConfirm, deleteText, deleteTitle, portfolioMessages as m } from '@/features/portfolios/portfolio-messages';
import { refusalText } from '@/features/portfolios/refusal-text';
import { notify } from '@/lib/notify/notify';

/** Asks before deleting a portfolio, naming it and saying its bots go with it. */
export function DeletePortfolioDialog({ portfolio, onClose }: { portfolio: Portfolio; onClose: () => void }) {
  const intl = useIntl();
  const { remove } = usePortfolioActions();
  const handleConfirm = async () => {
    if (remove.loading) return;
    const remaining = await remove.run(portfolio);
    if (!remaining) return;
    notify({ kind: 'success', title: m.deleted, values: { name: portfolio.name } });
    onClose();
  };
  return (
    <ConfirmDialog
      title={intl.formatMessage(deleteTitle, { name: portfolio.name })}
      description={intl.formatMessage(deleteText, { name: portfolio.name })}
      confirmLabel={intl.formatMessage(deleteConfirm)}
      busy={remove.loading}
      error={remove.error ? refusalText(remove.error, intl) : null}
      onConfirm={() => void handleConfirm()}
      onClose={onClose}
    />
  );
}
