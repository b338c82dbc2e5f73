import { useSetAtom } from 'jotai';
import { useIntl } from 'react-intl';
import type { Bot } from '@/features/portfolios/model/bot-kind';
import { useCallback, useState } from 'react';
import type { PauseAction } from '@/features/portfolios/api/bot-engine-types';
import { botMessages as m } from '@/features/portfolios/bot-messages';
import { nextStatus, type BotChanges, type BotFields } from '@/features/portfolios/model/bot-kind';
import type { BotKindApi } from '@/features/portfolios/model/bot-kind-api';
import { sayRefusal } from '@/i18n/say-refusal';
import { isApiError } from '@/lib/api/api-error';
import { useOperation } from '@/lib/api/use-operation';
import { notify } from '@/lib/notify/notify';
import { appendItem, removeItem, replaceItem } from '@/lib/session/list-rules';

/** The server's code when a bot holding a position is paused without saying what to do with it. */
const PAUSE_CHOICE_REQUIRED = 'pause_choice_required';

export type ToggleOutcome = 'done' | 'choice_required' | 'failed';

/**
 * How long a saved bot's card waits for its state to be read before it shows without it. The read is one
 * round trip (tens of milliseconds); a server slow to answer must not hold the trader's save.
 */
export const STATE_READ_WAIT_MS = 1000;

/** Today's states read again; resolves once they landed (or the read failed: the card then says so). */
export type ReadStates = () => Promise<void>;

const waitForStates = (readStates: ReadStates | undefined) =>
  readStates === undefined ? Promise.resolve() : Promise.race([readStates(), new Promise<void>((resolve) => setTimeout(resolve, STATE_READ_WAIT_MS))]);

/**
 * Create, update, delete and pause/resume for one kind of bot, applying spec §4 to its list: a created bot
 * is appended, an updated one replaced by id, a deleted one removed. Each has its own loading flag; the
 * status toggle's is per bot, so pausing one bot leaves the others' buttons alone.
 *
 * `readStates`: a created, edited, paused or resumed bot's card shows what it does today at once, not
 * "Not known yet" (or its old state beside its new status) until the next read: the states are read again
 * as soon as the server answered, and the bot lands in its list with them (at most STATE_READ_WAIT_MS later).
 */
export function useBotActions<B extends Bot>(api: BotKindApi<B>, readStates?: ReadStates) {
  const intl = useIntl();
  const setList = useSetAtom(api.atom);
  const [toggling, setToggling] = useState<ReadonlySet<number>>(() => new Set());

  // A bot only joins the list of its own portfolio: the trader may have moved on while the call ran.
  const put = useCallback(
    (bot: B, rule: typeof appendItem<B>) =>
      setList((list) => (list.portfolioId === bot.portfolio_id ? { ...list, bots: rule(list.bots, bot) } : list)),
    [setList],
  );

  const create = useOperation(
    useCallback(
      async (portfolioId: number, fields: BotFields) => {
        const bot = await api.create(portfolioId, fields);
        await waitForStates(readStates);
        put(bot, appendItem);
        return bot;
      },
      [api, put, readStates],
    ),
  );

  const update = useOperation(
    useCallback(
      async (id: number, changes: BotChanges) => {
        const bot = await api.update(id, changes);
        await waitForStates(readStates);
        put(bot, replaceItem);
        return bot;
      },
      [api, put, readStates],
    ),
  );

  const remove = useOperation(
    useCallback(
      async (bot: B) => {
        await api.remove(bot.id);
        setList((list) => ({ ...list, bots: removeItem(list.bots, bot.id) }));
        return bot;
      },
      [api, setList],
    ),
  );

  /**
   * Pause or resume. Pausing a bot that holds a position needs `pauseAction`; without it the server answers
   * 422 pause_choice_required (the position opened since the last poll), and the outcome says the trader
   * must choose, with nothing notified.
   */
  const toggleStatus = useCallback(
    async (bot: B, pauseAction?: PauseAction, liveConfirmation?: string): Promise<ToggleOutcome> => {
      const status = nextStatus(bot.status);
      const pausing = status === 'paused';
      setToggling((ids) => new Set(ids).add(bot.id));
      try {
        const changes = pausing && pauseAction ? { status, pause_action: pauseAction } : { status, ...(liveConfirmation === undefined ? {} : { live_confirmation: liveConfirmation }) };
        const updated = await api.update(bot.id, changes);
        await waitForStates(readStates);
        put(updated, replaceItem);
        notify({ kind: 'success', title: pausing ? m.pausedNotice : m.resumedNotice, values: { name: bot.name } });
        return 'done';
      } catch (error) {
        if (isApiError(error) && error.code === PAUSE_CHOICE_REQUIRED) return 'choice_required';
        // Catalogue failures were already notified by the app; a refusal says why in the server's words.
        if (isApiError(error) && error.kind === 'rejected') {
          const title = pausing ? m.pauseFailed : m.resumeFailed;
          notify({ kind: 'error', title, description: sayRefusal(intl, error), values: { name: bot.name } });
        }
        return 'failed';
      } finally {
        setToggling((ids) => {
          const next = new Set(ids);
          next.delete(bot.id);
          return next;
        });
      }
    },
    [api, put, intl, readStates],
  );

  return { create, update, remove, toggleStatus, isToggling: (id: number) => toggling.has(id) };
}
