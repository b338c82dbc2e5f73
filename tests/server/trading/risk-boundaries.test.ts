// Risk limits at their edges (issue 26): a loss exactly equal to the maximum trips the limit, a profit lock
// stays off until the day's peak reaches the P&L it starts from, and a risk breach on an account whose switch
// is already on does not stop it a second time.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { breachOf } from '../../../server/services/trading/risk-limits-service.ts';
import { said } from '../../../server/services/texts/said.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { openDesk, scriptedMarket } from '../support/paper-desk.ts';
import { testBackends } from '../support/test-database.ts';
import { guardedClient } from '../support/trading.ts';
import { manualClock, startTestServer, type TestServer } from '../support/test-server.ts';

type Schemas = components['schemas'];

const limits = (overrides: Partial<Parameters<typeof breachOf>[0]> = {}) => ({
  max_loss_today_paise: null,
  profit_lock_from_paise: null,
  profit_lock_keep_pct: null,
  max_trades_today: null,
  max_lots_per_order: null,
  max_open_positions: null,
  ...overrides,
});

describe('the day\'s loss limit and profit lock at their boundaries', () => {
  it('trips the loss limit at exactly the maximum loss, not a paisa before', () => {
    const row = limits({ max_loss_today_paise: '500000' });
    expect(breachOf(row, -499_999, 0)).toBeNull();
    expect(breachOf(row, -500_000, 0)).toEqual({
      text: "Risk limit: today's loss of ₹5,000.00 reached your maximum loss of ₹5,000.00.",
      i18n: { code: 'kill_switch.max_loss', params: { loss: 5000, limit: 5000 } },
    });
  });

  it('keeps the profit lock off until the day\'s peak reaches the P&L it starts from', () => {
    // Lock from ₹10,000, keeping 50 % of the peak.
    const row = limits({ profit_lock_from_paise: '1000000', profit_lock_keep_pct: 50 });
    // The peak stopped a paisa short of ₹10,000: a fall to ₹1 is not a locked profit lost.
    expect(breachOf(row, 100, 999_999)).toBeNull();
    // At ₹10,000 the lock engages: half of it, ₹5,000, is kept; falling below it trips.
    expect(breachOf(row, 500_000, 1_000_000)).toBeNull();
    expect(breachOf(row, 499_999, 1_000_000)).toEqual({
      text: "Profit lock: today's P&L fell to ₹4,999.99, below the ₹5,000.00 kept of the day's peak of ₹10,000.00.",
      i18n: { code: 'kill_switch.profit_lock', params: { pnl: 4999.99, kept: 5000, peak: 10000 } },
    });
  });
});

describe.each(testBackends)('a risk breach on an account already stopped, on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;

  beforeAll(async () => {
    const clock = manualClock(new Date('2026-11-20T04:30:00Z'));
    server = await startTestServer({ backend, clock, market: { seed: 'paper', demo: true, tickMs: 1000 }, prices: scriptedMarket(clock).source });
    call = guardedClient(server.app);
  });

  afterAll(async () => {
    await server.close();
  });

  it('does not stop it twice: the trader\'s own reason and a single arming stay', async () => {
    const desk = await openDesk(server, call);
    const armed = await call<Schemas['KillSwitchResult']>('armKillSwitch', {
      token: desk.token,
      body: { account_number: desk.accountNumber, source: 'header', reason: 'Stepping away' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(armed.status, JSON.stringify(armed.body)).toBe(200);

    expect(await desk.services.killSwitch.armForRiskLimit(desk.account.id, said('kill_switch.max_loss', { loss: 5000, limit: 5000 }, 'Risk limit: today\'s loss reached your maximum loss.'))).toBe(false);

    const res = await call<Schemas['KillSwitchesResponse']>('getKillSwitches', { token: desk.token });
    const state = res.body.kill_switches.find((entry) => entry.account_number === desk.accountNumber)!;
    expect(state).toMatchObject({ armed: true, reason: 'Stepping away', cool_off_until: null });
    expect(state.events.filter((event) => event.action === 'arm')).toHaveLength(1);
  });
});
