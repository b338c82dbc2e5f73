import PauseIcon from '@heroicons/react/20/solid/PauseIcon';
import PlayIcon from '@heroicons/react/20/solid/PlayIcon';
import BoltIcon from '@heroicons/react/24/outline/BoltIcon';
import HandThumbUpIcon from '@heroicons/react/24/outline/HandThumbUpIcon';
import ClockIcon from '@heroicons/react/24/outline/ClockIcon';
import PencilSquareIcon from '@heroicons/react/24/outline/PencilSquareIcon';
import TrashIcon from '@heroicons/react/24/outline/TrashIcon';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { TradingModeBadge } from '@/components/trading/trading-mode-badge';
import { Button } from '@/components/ui/button';
import type { BotState } from '@/features/portfolios/api/bot-engine-types';
import type { BaseStrategy } from '@/features/portfolios/api/portfolio-types';
import { botMessages as m, deleteLabel, editLabel, pauseLabel, resumeLabel } from '@/features/portfolios/bot-messages';
import { BotFacts } from '@/features/portfolios/components/bot-facts';
import { botStateMessages as hm, historyLabel } from '@/features/portfolios/bot-state-messages';
import { BotStatus } from '@/features/portfolios/components/bot-status';
import { BotToday } from '@/features/portfolios/components/bot-today';
import { IconButton } from '@/features/portfolios/components/icon-button';
import type { Bot } from '@/features/portfolios/model/bot-kind';
import { webhookLabel, webhookMessages as wm } from '@/features/portfolios/webhook-messages';
import { approvalMessages as am, approvalsLabel } from '@/features/portfolios/approvals/approval-messages';
import type { TradingMode } from '@/lib/trading/trading-mode';

type BotCardProps = {
  bot: Bot;
  /** Whether the bot's account trades paper or live: the account's broker decides where its orders go. */
  mode: TradingMode;
  strategies: readonly BaseStrategy[] | null;
  /** Today's state from the last poll; undefined until the server said. */
  state: BotState | undefined;
  /** A read of today's states is on its way (a bot just saved, a notice): said while `state` is undefined. */
  stateReading?: boolean;
  /** The status change is on its way: the toggle is busy and cannot be pressed twice. */
  toggling: boolean;
  canChange: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onHistory: () => void;
  /** Trading bots only: their webhook (alerts from TradingView, ChartInk or a script). */
  onWebhook?: (() => void) | undefined;
  /** Approve-first (issue 41): each entry waits for the trader's approval. */
  onApprovals: () => void;
};

export function BotCard({ bot, mode, strategies, state, stateReading = false, toggling, canChange, onToggle, onEdit, onDelete, onHistory, onWebhook, onApprovals }: BotCardProps) {
  const intl = useIntl();
  const titleId = useId();
  const name = bot.name;
  const pausing = bot.status === 'active';
  return (
    <article aria-labelledby={titleId} className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="min-w-0 font-semibold text-fg break-words">
          {name}
        </h3>
        <span className="flex flex-wrap items-center gap-2">
          <TradingModeBadge mode={mode} />
          {state?.approve_first === true ? (
            <span
              data-approve-first
              title={intl.formatMessage(am.badgeHint)}
              className="inline-flex shrink-0 items-center gap-1 rounded-full border border-warn/40 bg-warn/10 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-fg"
            >
              <HandThumbUpIcon aria-hidden="true" className="size-3.5 shrink-0 text-warn" />
              {intl.formatMessage(am.badge)}
            </span>
          ) : null}
          <BotStatus status={bot.status} />
        </span>
      </div>
      <BotToday state={state} bot={bot} reading={stateReading} />
      <BotFacts bot={bot} strategies={strategies} />
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-line pt-3">
        <Button
          variant="secondary"
          busy={toggling}
          disabled={!canChange}
          onClick={onToggle}
          aria-label={intl.formatMessage(pausing ? pauseLabel : resumeLabel, { name })}
        >
          {pausing ? <PauseIcon className="size-5" aria-hidden /> : <PlayIcon className="size-5" aria-hidden />}
          {intl.formatMessage(pausing ? m.pause : m.resume)}
        </Button>
        <Button variant="ghost" onClick={onHistory} aria-label={intl.formatMessage(historyLabel, { name })}>
          <ClockIcon className="size-5" aria-hidden />
          {intl.formatMessage(hm.history)}
        </Button>
        <Button variant="ghost" onClick={onApprovals} aria-label={intl.formatMessage(approvalsLabel, { name })}>
          <HandThumbUpIcon className="size-5" aria-hidden />
          {intl.formatMessage(am.button)}
        </Button>
        {onWebhook === undefined ? null : (
          <Button variant="ghost" onClick={onWebhook} aria-label={intl.formatMessage(webhookLabel, { name })}>
            <BoltIcon className="size-5" aria-hidden />
            {intl.formatMessage(wm.button)}
          </Button>
        )}
        <div className="-me-2 ms-auto flex">
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
    </article>
  );
}
