import PlusIcon from '@heroicons/react/20/solid/PlusIcon';
import type { Bot } from '@/features/portfolios/model/bot-kind';
import CpuChipIcon from '@heroicons/react/24/outline/CpuChipIcon';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import type { Portfolio } from '@/features/portfolios/api/portfolio-types';
import { botMessages as m } from '@/features/portfolios/bot-messages';
import { BotCard } from '@/features/portfolios/components/bot-card';
import { BotFormDialog } from '@/features/portfolios/components/bot-form-dialog';
import { DeleteBotDialog } from '@/features/portfolios/components/delete-bot-dialog';
import { LoadStatus } from '@/components/ui/load-status';
import type { useBaseStrategies } from '@/features/portfolios/hooks/use-base-strategies';
import { useBotActions, type ReadStates } from '@/features/portfolios/hooks/use-bot-actions';
import type { useBotList } from '@/features/portfolios/hooks/use-bot-list';
import type { BotPreset } from '@/features/portfolios/model/bot-form-values';
import type { BotKindApi } from '@/features/portfolios/model/bot-kind-api';
import type { BotKind } from '@/features/portfolios/model/bot-kind';
import type { BotState, PauseAction } from '@/features/portfolios/api/bot-engine-types';
import { BotHistoryDialog } from '@/features/portfolios/components/bot-history-dialog';
import { WebhookDialog } from '@/features/portfolios/components/webhook-dialog';
import { ApprovalDialog } from '@/features/portfolios/approvals/approval-dialog';
import { PauseChoiceDialog } from '@/features/portfolios/components/pause-choice-dialog';
import { ResumeBotDialog } from '@/features/portfolios/components/resume-bot-dialog';
import type { TradingMode } from '@/lib/trading/trading-mode';

type Dialog<B> =
  | { kind: 'create' }
  | { kind: 'edit' | 'delete' | 'pause' | 'resume' | 'history' | 'webhook' | 'approvals'; bot: B }
  | null;

type BotPanelProps<B extends Bot> = {
  api: BotKindApi<B>;
  portfolio: Portfolio;
  list: ReturnType<typeof useBotList<B>>;
  catalogue: ReturnType<typeof useBaseStrategies>;
  canChange: boolean;
  /** A new bot chosen elsewhere: its form opens at once, with that strategy. */
  preset?: BotPreset;
  /** Today's state of a bot, from the portfolio's last poll. */
  stateOf: (kind: BotKind, botId: number) => BotState | undefined;
  /** A read of today's states is on its way: a card without one says so. */
  statesReading: boolean;
  /** Reads today's states again (a bot saved, paused, resumed, its approvals changed): its card says at once. */
  readStates: ReadStates;
  /** Whether the portfolio's account trades paper or live: every card and the form say it. */
  mode: TradingMode;
  /** The account's number, typed to let a live bot trade. */
  accountNumber: string;
};

/** One kind of bot in the portfolio: their cards with pause/resume, edit and delete, and a way to add one. */
/** A bot holding a position must be told what to do with it when paused. */
const holdsPosition = (state: BotState | undefined) => state !== undefined && (state.state === 'in_position' || state.open_positions > 0);

export function BotPanel<B extends Bot>({ api, portfolio, list, catalogue, canChange, preset, stateOf, statesReading, readStates, mode, accountNumber }: BotPanelProps<B>) {
  const intl = useIntl();
  const [dialog, setDialog] = useState<Dialog<B>>(preset !== undefined && canChange ? { kind: 'create' } : null);
  const { toggleStatus, isToggling } = useBotActions(api, readStates);
  const daily = api.kind === 'daily';
  const close = () => setDialog(null);
  const openCreate = () => setDialog({ kind: 'create' });

  const toggle = async (bot: B, pauseAction?: PauseAction, confirmation?: string) => {
    const outcome = await toggleStatus(bot, pauseAction, confirmation);
    // A refusal was notified with the server's reason; only a position the last poll missed asks again.
    if (outcome === 'choice_required') {
      setDialog({ kind: 'pause', bot });
      return;
    }
    setDialog(null);
  };
  // The last poll may be 5 s old: a bot that entered since is caught by the server (pause_choice_required).
  const handleToggle = (bot: B) => {
    if (bot.status === 'active' && holdsPosition(stateOf(api.kind, bot.id))) setDialog({ kind: 'pause', bot });
    // A live bot is let trade again only with the account number typed: the resume question asks for it.
    else if (bot.status === 'stopped' || (mode === 'live' && bot.status !== 'active')) setDialog({ kind: 'resume', bot });
    else void toggle(bot);
  };

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
    if (list.bots.length === 0) {
      return (
        <EmptyState
          icon={CpuChipIcon}
          title={intl.formatMessage(daily ? m.emptyDaily : m.emptyTrading)}
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
      <ul className="grid gap-3 lg:grid-cols-2">
        {list.bots.map((bot) => (
          <li key={bot.id}>
            <BotCard
              bot={bot}
              mode={mode}
              strategies={catalogue.loaded ? catalogue.strategies : null}
              state={stateOf(api.kind, bot.id)}
              stateReading={statesReading}
              toggling={isToggling(bot.id)}
              canChange={canChange}
              onToggle={() => handleToggle(bot)}
              onHistory={() => setDialog({ kind: 'history', bot })}
              onWebhook={daily ? undefined : () => setDialog({ kind: 'webhook', bot })}
              onApprovals={() => setDialog({ kind: 'approvals', bot })}
              onEdit={() => setDialog({ kind: 'edit', bot })}
              onDelete={() => setDialog({ kind: 'delete', bot })}
            />
          </li>
        ))}
      </ul>
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="min-w-0 text-sm text-fg-muted">{intl.formatMessage(daily ? m.dailyHint : m.tradingHint)}</p>
        {list.loaded && list.bots.length > 0 ? (
          <Button onClick={openCreate} disabled={!canChange}>
            <PlusIcon className="size-5" aria-hidden />
            {intl.formatMessage(daily ? m.newDaily : m.newTrading)}
          </Button>
        ) : null}
      </div>
      {body()}
      {dialog?.kind === 'create' ? (
        <BotFormDialog api={api} portfolio={portfolio} catalogue={catalogue} preset={preset} mode={mode} accountNumber={accountNumber} readStates={readStates} onClose={close} />
      ) : null}
      {dialog?.kind === 'edit' ? (
        <BotFormDialog api={api} portfolio={portfolio} catalogue={catalogue} bot={dialog.bot} mode={mode} accountNumber={accountNumber} readStates={readStates} onClose={close} />
      ) : null}
      {dialog?.kind === 'delete' ? <DeleteBotDialog api={api} bot={dialog.bot} onClose={close} /> : null}
      {dialog?.kind === 'pause' ? (
        <PauseChoiceDialog
          name={dialog.bot.name}
          busy={isToggling(dialog.bot.id)}
          onChoose={(action) => void toggle(dialog.bot, action)}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'resume' ? (
        <ResumeBotDialog
          name={dialog.bot.name}
          reason={stateOf(api.kind, dialog.bot.id)?.reason ?? null}
          busy={isToggling(dialog.bot.id)}
          liveAccount={mode === 'live' ? accountNumber : null}
          onConfirm={(confirmation) => void toggle(dialog.bot, undefined, confirmation)}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'history' ? <BotHistoryDialog kind={api.kind} botId={dialog.bot.id} name={dialog.bot.name} onClose={close} /> : null}
      {dialog?.kind === 'approvals' ? <ApprovalDialog kind={api.kind} botId={dialog.bot.id} name={dialog.bot.name} canChange={canChange} onClose={close} onSaved={() => void readStates()} /> : null}
      {dialog?.kind === 'webhook' ? (
        <WebhookDialog
          botId={dialog.bot.id}
          name={dialog.bot.name}
          strategySlug={catalogue.strategies.find((strategy) => strategy.id === dialog.bot.base_strategy)?.slug}
          canChange={canChange}
          onClose={close}
        />
      ) : null}
    </div>
  );
}
