// Risk limits at their edges (issue 26): a loss exactly equal to the maximum trips the limit, a profit lock
// stays off until the day's peak reaches the P&L it starts from (and alone never trips on a loss), and a risk
// breach on an account whose switch is already on does not stop it a second time. What the limits page reads:
// the open positions only, and once the broker session is over, the last figures the watcher saw.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { breachOf } from '../../../server/services/trading/risk-limits-service.ts';
import { said } from '../../../server/services/texts/said.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { openDesk, type Desk, type ScriptedMarket, scriptedServerPerFile } from '../support/paper-desk.ts';
import { testBackends } from '../support/test-database.ts';

import type { TestServer } from '../support/test-server.ts';

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

  it('never trips a profit lock set alone on a losing or flat day: only a maximum loss stops on a loss', () => {
    const row = limits({ profit_lock_from_paise: '1000000', profit_lock_keep_pct: 50 });
    expect(breachOf(row, -100_000, 0)).toBeNull();
    expect(breachOf(row, 0, 0)).toBeNull();
  });
});

describe.each(testBackends)('risk limits of a paper account, on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let market: ScriptedMarket;

  scriptedServerPerFile(backend, (started) => ({ server, market, call } = started));

  it('does not stop an account already stopped twice: the trader\'s own reason and a single arming stay', async () => {
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

  const noLimits = { max_loss_today: null, profit_lock_from: null, profit_lock_keep_pct: null, max_trades_today: null, max_lots_per_order: null, max_open_positions: null };
  const setLimits = (desk: Desk, limits: Partial<Schemas['RiskLimits']>) =>
    call<Schemas['RiskLimitsResponse']>('updateRiskLimits', { token: desk.token, params: { accountNumber: desk.accountNumber }, body: { ...noLimits, ...limits } });
  const usageOf = async (desk: Desk) => {
    const res = await call<Schemas['RiskLimitsResponse']>('getRiskLimits', { token: desk.token, params: { accountNumber: desk.accountNumber } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.usage;
  };
  /** The broker session ends at `at` (a paper login lasts until 06:00 IST). */
  const sessionEndsAt = (desk: Desk, at: Date) => server.db.query('UPDATE broker_accounts SET session_expires_at = $2 WHERE id = $1', [desk.account.id, at]);

  it('counts the positions still open, not the ones closed today', async () => {
    const desk = await openDesk(server, call);
    const callAtm = desk.contract(desk.atm, 'CE').tradingsymbol;
    const putAtm = desk.contract(desk.atm, 'PE').tradingsymbol;
    market.set(callAtm, { bid: 120, ask: 120.5, last: 120.25, close: 120 });
    market.set(putAtm, { bid: 130, ask: 130.6, last: 130.3, close: 130 });
    await desk.place(callAtm, 'BUY', desk.lotSize);
    await desk.place(putAtm, 'BUY', desk.lotSize);
    await desk.place(putAtm, 'SELL', desk.lotSize);
    expect(await usageOf(desk)).toMatchObject({ open_positions: 1, status: 'OK' });
  });

  it('answers the last figures the watcher saw, said to be unknown, from the very end of the broker session', async () => {
    const desk = await openDesk(server, call);
    const callAtm = desk.contract(desk.atm, 'CE').tradingsymbol;
    market.set(callAtm, { bid: 120, ask: 120.5, last: 120.25, close: 120 });
    // Nothing seen yet today (reading the limits with the session open would record the day): no P&L, no
    // peak, no locked profit, as of now.
    await sessionEndsAt(desk, server.clock.now());
    const saved = await setLimits(desk, { profit_lock_from: 1000, profit_lock_keep_pct: 50 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.usage).toEqual({
      pnl_today: 0,
      peak_pnl_today: 0,
      locked_profit: null,
      trades_today: 0,
      open_positions: 0,
      status: 'UNKNOWN',
      as_of: server.clock.now().toISOString(),
    });

    await sessionEndsAt(desk, new Date(server.clock.now().getTime() + 60 * 60_000));
    await desk.place(callAtm, 'BUY', desk.lotSize);
    // 65 × (150 − 120.50) less charges: past the ₹1,000 the lock starts from, half of it kept.
    market.set(callAtm, { bid: 150, ask: 150.5, last: 150, close: 120 });
    const seen = await usageOf(desk);
    expect(seen).toMatchObject({ trades_today: 1, open_positions: 1, status: 'OK' });
    expect(seen.pnl_today).toBeGreaterThan(1000);
    expect(seen.locked_profit).toBe(Math.floor((seen.peak_pnl_today * 100 * 50) / 100) / 100);

    // A minute later the session ends: the broker cannot be asked, so the figures are the last seen, as of then.
    server.clock.advance(60_000);
    await sessionEndsAt(desk, server.clock.now());
    expect(await usageOf(desk)).toEqual({ ...seen, open_positions: 0, status: 'UNKNOWN' });
  });

  it('answers 404 for an account that is not the trader\'s, and names the missing half of a profit lock', async () => {
    const desk = await openDesk(server, call);
    const other = await openDesk(server, call);
    const res = await call('getRiskLimits', { token: desk.token, params: { accountNumber: other.accountNumber } });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'not_found', field: 'accountNumber', message: `Broker account ${other.accountNumber} not found` });
    const half = await setLimits(desk, { profit_lock_keep_pct: 50 });
    expect(half.status).toBe(400);
    expect(half.body).toMatchObject({ code: 'validation_failed', field: 'profit_lock_from' });
  });
});
