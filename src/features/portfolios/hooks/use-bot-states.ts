import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { BotState, BotStates } from '@/features/portfolios/api/bot-engine-types';
import { getBotStates } from '@/features/portfolios/api/get-bot-states';
import type { BotKind } from '@/features/portfolios/model/bot-kind';
import { streamNoticesAtom } from '@/lib/network/stream-notices-atom';
import { recallLastKnown, rememberLastKnown } from '@/lib/persist/last-known';
import { store } from '@/lib/store';

/** How often the cards ask what their bots are doing while no stream tells them, or while a P&L moves with the market. */
export const BOT_STATE_POLL_MS = 5000;

type Received = { portfolioId: number; states: BotStates; at: number };

const canPoll = () => document.visibilityState === 'visible' && navigator.onLine;

/** A bot holding legs: its P&L today moves with every price, which no notice tells. */
const movesWithMarket = (states: BotStates) => states.bots.some((state) => state.state === 'in_position' || state.open_positions > 0);

/**
 * Today's state of every bot in the portfolio, one call for all its cards. Read again when the price stream
 * says a bot changed (`bots` notices: created, edited, paused, resumed, deleted, stopped, or the engine
 * entered, exited, adjusted or missed) and when a stream opens (what changed while none was open was told to
 * nobody); every 5 s only while no stream is open in the tab, or while a bot holds a position (its P&L moves
 * with the prices), and only while the page is visible and online (a hidden tab or an offline phone asks
 * nothing). A failed read keeps the last answer and says how old it is (`staleSince`): the cards never show
 * a state the server did not give. The answer is kept on the device too, so a screen opened offline shows
 * the states last read, as of their time (issue 36), rather than "Not known yet" on every card.
 */
export function useBotStates(portfolioId: number) {
  const [received, setReceived] = useState<Received | null>(null);
  const [failed, setFailed] = useState(false);
  // Reads are numbered as they start. An answer lands unless a later read's answer landed first: an older answer
  // arriving late must not replace a newer one, but a later read still on its way must not drop it either. A bot
  // just saved waits on its own read (useBotActions), and a stream notice of that very save starts another one
  // meanwhile: had the first answer been dropped, the card would land with "Not known yet" until the second.
  const started = useRef(0);
  const landed = useRef(0);
  // Reads on their way: a card with no state yet says it is being read, not that it is unknown.
  const [inFlight, setInFlight] = useState(0);

  const load = useCallback(() => {
    const call = (started.current += 1);
    const answer = getBotStates(portfolioId);
    // Counted up after this turn (a read starts from effects too, which must not set state as they run), long
    // before any answer; counted down in the same turn as the answer lands: no render between says "Not known yet".
    void Promise.resolve().then(() => setInFlight((count) => count + 1));
    const done = () => setInFlight((count) => count - 1);
    return answer.then(
      (states) => {
        done();
        if (call <= landed.current) return;
        landed.current = call;
        const at = Date.now();
        setReceived({ portfolioId, states, at });
        setFailed(false);
        rememberLastKnown(`bots:states:${portfolioId}`, states, at);
      },
      async () => {
        done();
        // Only the latest read's failure counts: a later one may still answer.
        if (call !== started.current || call <= landed.current) return;
        setFailed(true);
        const kept = await recallLastKnown<BotStates>(`bots:states:${portfolioId}`);
        if (kept === null || call !== started.current || call <= landed.current) return;
        // Only when nothing of this portfolio was read in this visit: what was is at least as new.
        setReceived((old) => (old?.portfolioId === portfolioId ? old : { portfolioId, states: kept.value, at: kept.at }));
      },
    );
  }, [portfolioId]);

  useEffect(() => {
    void load();
    // Back in view or back online: read at once instead of showing a state up to 5 s old.
    const handleReturn = () => {
      if (canPoll()) void load();
    };
    document.addEventListener('visibilitychange', handleReturn);
    window.addEventListener('online', handleReturn);
    return () => {
      document.removeEventListener('visibilitychange', handleReturn);
      window.removeEventListener('online', handleReturn);
      // Another portfolio, or the screen left: nothing asked before lands.
      landed.current = started.current;
    };
  }, [load]);

  const current = received?.portfolioId === portfolioId ? received : null;
  const told = useAtomValue(streamNoticesAtom, { store });
  const polling = !told.open || (current !== null && movesWithMarket(current.states));
  useEffect(() => {
    if (!polling) return;
    const timer = setInterval(() => {
      if (canPoll()) void load();
    }, BOT_STATE_POLL_MS);
    return () => clearInterval(timer);
  }, [polling, load]);

  // Read once per burst of notices or stream opened; not for what came before mounting (the first read covers it).
  const seen = useRef(told.bots);
  useEffect(() => {
    if (told.bots === seen.current) return;
    seen.current = told.bots;
    if (canPoll()) void load();
  }, [told.bots, load]);

  const stateOf = useCallback(
    (kind: BotKind, botId: number): BotState | undefined => current?.states.bots.find((state) => state.kind === kind && state.bot_id === botId),
    [current],
  );
  return { stateOf, reading: inFlight > 0, loaded: current !== null, staleSince: failed && current !== null ? current.at : null, reload: load };
}
