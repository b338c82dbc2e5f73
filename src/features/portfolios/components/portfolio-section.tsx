import PlusIcon from '@heroicons/react/20/solid/PlusIcon';
import Squares2X2Icon from '@heroicons/react/24/outline/Squares2X2Icon';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import type { BrokerAccount, Portfolio } from '@/features/portfolios/api/portfolio-types';
import { AllocationSummary } from '@/features/portfolios/components/allocation-summary';
import { DeletePortfolioDialog } from '@/features/portfolios/components/delete-portfolio-dialog';
import { LoadStatus } from '@/components/ui/load-status';
import { PortfolioCard } from '@/features/portfolios/components/portfolio-card';
import { PortfolioFormDialog } from '@/features/portfolios/components/portfolio-form-dialog';
import type { usePortfolioList } from '@/features/portfolios/hooks/use-portfolio-list';
import { portfolioMessages as m } from '@/features/portfolios/portfolio-messages';

type Dialog = { kind: 'create' } | { kind: 'edit'; portfolio: Portfolio } | { kind: 'delete'; portfolio: Portfolio } | null;

type PortfolioSectionProps = {
  account: BrokerAccount;
  list: ReturnType<typeof usePortfolioList>;
  canChange: boolean;
  /** The trader asked for a portfolio's bots. */
  onShowBots: (portfolio: Portfolio) => void;
};

/** The account's portfolios: how much capital they hold, each one's card, and their create/edit/delete dialogs. */
export function PortfolioSection({ account, list, canChange, onShowBots }: PortfolioSectionProps) {
  const intl = useIntl();
  const headingId = useId();
  const [dialog, setDialog] = useState<Dialog>(null);
  const { portfolios, portfolio: selected } = list;
  const close = () => setDialog(null);
  const openCreate = () => setDialog({ kind: 'create' });

  const body = () => {
    if (!list.loaded) {
      return (
        <LoadStatus
          loadingText={intl.formatMessage(m.loading)}
          failedText={intl.formatMessage(m.loadFailed)}
          failed={list.error !== null && !list.loading}
          onRetry={() => void list.reload()}
        />
      );
    }
    if (portfolios.length === 0) {
      return (
        <EmptyState
          icon={Squares2X2Icon}
          title={intl.formatMessage(m.emptyTitle)}
          description={intl.formatMessage(m.emptyText)}
          action={
            <Button onClick={openCreate} disabled={!canChange}>
              {intl.formatMessage(m.emptyAction)}
            </Button>
          }
        />
      );
    }
    return (
      <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
        {portfolios.map((portfolio) => (
          <li key={portfolio.id}>
            <PortfolioCard
              portfolio={portfolio}
              selected={portfolio.id === selected?.id}
              canChange={canChange}
              onSelect={() => onShowBots(portfolio)}
              onEdit={() => setDialog({ kind: 'edit', portfolio })}
              onDelete={() => setDialog({ kind: 'delete', portfolio })}
            />
          </li>
        ))}
      </ul>
    );
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-2">
          <h2 id={headingId} className="text-lg font-semibold text-fg">
            {intl.formatMessage(m.portfolios)}
          </h2>
          <AllocationSummary account={account} portfolios={list.state} />
        </div>
        {list.loaded && portfolios.length > 0 ? (
          <Button onClick={openCreate} disabled={!canChange}>
            <PlusIcon className="size-5" aria-hidden />
            {intl.formatMessage(m.newPortfolio)}
          </Button>
        ) : null}
      </div>
      {body()}
      {dialog?.kind === 'create' ? <PortfolioFormDialog account={account} portfolios={portfolios} onClose={close} /> : null}
      {dialog?.kind === 'edit' ? (
        <PortfolioFormDialog account={account} portfolios={portfolios} portfolio={dialog.portfolio} onClose={close} />
      ) : null}
      {dialog?.kind === 'delete' ? <DeletePortfolioDialog portfolio={dialog.portfolio} onClose={close} /> : null}
    </section>
  );
}
