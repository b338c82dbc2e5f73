// The desk's kill-switch notice (issue 37, a desk that pushes): while the app's price stream is open it reads
// the switches when the stream says one changed (a risk limit armed it, another device disarmed it) and once
// when the stream opens, never every 15 s; once no stream is open it polls again. HTTP is MSW.
import { act, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '@openapi/main';
import { useArmedKillSwitch } from '@/app/trading/kill-switch-notice';
import { configureApiClients } from '@/lib/api/clients';
import { streamNoticesAtom } from '@/lib/network/stream-notices-atom';
import { tokenAtom } from '@/lib/session/auth-atoms';
import { store } from '@/lib/store';

type KillSwitch = components['schemas']['KillSwitch'];
const API = 'http://api.test';
const armedAt = '2026-11-20T05:00:00.000Z';
const state = (armed: boolean): KillSwitch => ({ account_number: 'PA1234', armed, armed_at: armed ? armedAt : null, reason: null, cool_off_until: null, events: [] });

let reads = 0;
let armed = false;
const server = setupServer(
  http.get(`${API}/api/kill-switch/`, () => {
    reads += 1;
    return HttpResponse.json({ kill_switches: [state(armed)] });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  reads = 0;
  armed = false;
  configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' });
  store.set(tokenAtom, 'token-told');
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterEach(() => {
  vi.useRealTimers();
  store.set(streamNoticesAtom, { open: false, alerts: 0, killSwitch: 0, accounts: 0, bots: 0 });
});
afterAll(() => server.close());

function Desk() {
  const on = useArmedKillSwitch({ id: 1, name: 'Main paper', account_number: 'PA1234', broker: 'paper' });
  return on === null ? <p>no notice</p> : <p data-testid="notice">on since {on.armed_at}</p>;
}

const told = (change: Partial<{ open: boolean; killSwitch: number }>) => act(() => store.set(streamNoticesAtom, (old) => ({ ...old, ...change })));

describe("the desk's kill switch", () => {
  it('is read when the stream says it changed, not every 15 s, and polled again once no stream is open', async () => {
    told({ open: true });
    render(<Desk />);
    await vi.waitFor(() => expect(reads).toBe(1));
    // A minute with the stream open: no read on a timer.
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(reads).toBe(1);

    // A risk limit armed it: the stream says so, and the desk says so after one read.
    armed = true;
    told({ killSwitch: 1 });
    expect((await screen.findByTestId('notice')).textContent).toBe(`on since ${armedAt}`);
    expect(reads).toBe(2);

    // The stream lost: every 15 s again.
    told({ open: false });
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    await vi.waitFor(() => expect(reads).toBe(3));
  });
});
