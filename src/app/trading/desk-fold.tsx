import AdjustmentsHorizontalIcon from '@heroicons/react/20/solid/AdjustmentsHorizontalIcon';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { DeskAccountFields } from '@/app/trading/desk-account-fields';
import type { TradingDesk } from '@/app/trading/use-trading-desk';
import { TradingModeBadge } from '@/components/trading/trading-mode-badge';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { ChainPickers, useChainChoiceWords } from '@/features/market/components/chain-pickers';
import type { ChainChoice } from '@/features/market/hooks/use-chain-choice';
import { isolate } from '@/lib/format/isolate';
import { tradingModeOf } from '@/lib/trading/trading-mode';

const messages = defineMessages({
  title: { id: 'live-trade.fold.title', defaultMessage: 'Account and chain' },
  open: { id: 'live-trade.fold.open', defaultMessage: 'Account and chain:' },
  done: { id: 'live-trade.fold.done', defaultMessage: 'Done' },
});

/**
 * The phone desk's choices in one line (issue 36: five pickers filled the first screen and no strike showed):
 * paper or live, the account, the portfolio when there is more than one to choose from, and the chain's index,
 * expiry and strikes. Tapping it opens a bottom sheet with the pickers; a choice applies at once.
 */
export function DeskFold({ desk, choice }: { desk: TradingDesk; choice: ChainChoice }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const words = useChainChoiceWords(choice);
  const account = desk.account;
  const parts = [
    account === null ? null : isolate(account.account_number),
    desk.portfolios.length > 1 ? (desk.portfolio?.name ?? null) : null,
    words.index,
    words.expiry,
    words.range,
  ].filter((part): part is string => part !== null);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className="flex min-h-11 w-full items-center gap-2 rounded-lg border border-line bg-surface px-3 py-2 text-start text-sm hover:bg-surface-muted"
        data-testid="desk-fold"
      >
        <span className="sr-only">{intl.formatMessage(messages.open)}</span>
        {account !== null && <TradingModeBadge mode={tradingModeOf(account)} />}
        {/* Separators, not words: the same in every language. */}
        <span className="min-w-0 flex-1 font-medium break-words text-fg">{parts.join(' · ')}</span>
        <AdjustmentsHorizontalIcon aria-hidden="true" className="size-5 shrink-0 text-fg-muted" />
      </button>
      {open && (
        <Modal
          sheet
          onClose={() => setOpen(false)}
          title={intl.formatMessage(messages.title)}
          actions={
            <Button type="button" onClick={() => setOpen(false)}>
              {intl.formatMessage(messages.done)}
            </Button>
          }
        >
          <div className="grid grid-cols-2 gap-x-3 gap-y-1 p-4">
            {account !== null && (
              <div className="col-span-2 flex flex-col gap-2">
                <DeskAccountFields desk={desk} />
              </div>
            )}
            <ChainPickers choice={choice} layout="stacked" />
          </div>
        </Modal>
      )}
    </>
  );
}
