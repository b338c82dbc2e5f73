// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { botsToday } from '@/app/dashboard/bots-today';
import { botState } from '../features/bot-state-fixtures';

const state = (bot_id: number, over: Parameters<typeof botState>[2]) => botState({ id: bot_id }, 'daily', over);

describe('the dashboard’s bots today', () => {
  it('counts running, in position, paused and stopped bots, and sums their net P&L to the paisa', () => {
    expect(
      botsToday([
        state(1, { state: 'in_position', pnl_today: 0.1 }),
        state(2, { state: 'exited', pnl_today: 0.2 }),
        state(3, { state: 'paused', pnl_today: -1250.55 }),
        state(4, { state: 'stopped', reason: 'Kill switch' }),
        state(5, { state: 'not_today' }),
      ]),
    ).toEqual({ running: 3, inPosition: 1, paused: 1, stopped: 1, pnl: -1250.25 });
  });

  it('has no P&L, not a zero, when no bot traded today', () => {
    expect(botsToday([state(1, {}), state(2, { state: 'not_today' })]).pnl).toBeNull();
    expect(botsToday([])).toEqual({ running: 0, inPosition: 0, paused: 0, stopped: 0, pnl: null });
  });
});
