/**
 * A live account's compliance state on the broker accounts screen (issue 38): what the server's read says, in
 * words, each line that needs the trader marked as a warning, and the static IP and algo ID the trader enters
 * saved to the account. HTTP is MSW (see brokers-harness).
 */
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { plainText } from '../support/plain-text';
import { API, complianceOf, main, record, renderBrokers, serveAccounts, serveBrokers, server, swing, useBrokersServer } from './brokers-harness';
import { capabilitiesOf } from '../support/broker-capabilities.ts';

useBrokersServer();

const upstoxBroker = { id: 3, name: 'upstox', display_name: 'Upstox', capabilities: capabilitiesOf('upstox') };
const upstoxAccount = { ...swing, id: 13, broker: 'upstox', name: 'Upstox desk', account_number: 'UP7788', api_key: 'up_key' };
const upstoxState = complianceOf(upstoxAccount, {
  session: { state: 'logged_in', until: '2099-01-16T22:00:00Z' },
  orders: { peak_per_second: 7, peak_at: '2099-01-16T04:00:01Z', limits: [{ orders: 10, window_seconds: 1 }, { orders: 500, window_seconds: 60 }, { orders: 2000, window_seconds: 1800 }] },
  algo: { algo_id: null, sent: 'StrikeDesk', field: 'X-Algo-Name' },
});

describe('the compliance state of a live account', () => {
  it("shows the session, the busiest second against the broker's limits, the algo ID sent and the static IP, with warnings", async () => {
    serveBrokers([upstoxBroker]);
    serveAccounts([main, upstoxAccount]);
    server.use(http.get(`${API}/api/accounts/account-compliance/13/`, () => HttpResponse.json({ compliance: upstoxState })));
    renderBrokers();
    const row = await screen.findByRole('listitem', { name: 'Upstox desk' });
    const state = await within(row).findByRole('region', { name: 'SEBI compliance' });
    expect(await within(state).findByText(/^Valid until .*, 03:30 IST$/, { normalizer: plainText })).toBeTruthy();
    expect(within(state).getByText('Busiest second today: 7 of 10', { normalizer: plainText })).toBeTruthy();
    expect(within(state).getByText(/Broker's limits: 10 a second, 500 a minute, 2,000 in 30 minutes/, { normalizer: plainText })).toBeTruthy();
    expect(within(state).getByText('Not set: orders carry StrikeDesk as X-Algo-Name, no registered algo ID', { normalizer: plainText })).toBeTruthy();
    expect(within(state).getByText("Not set: register your server's static IP at the broker, then enter it here", { normalizer: plainText })).toBeTruthy();
    // Two lines need the trader, each said as a warning, not by colour alone.
    expect(within(state).getAllByText('Warning:', { normalizer: plainText })).toHaveLength(2);
    // A paper account has no compliance state.
    const paperRow = screen.getByRole('listitem', { name: 'Main paper account' });
    expect(within(paperRow).queryByRole('region', { name: 'SEBI compliance' })).toBeNull();
  });

  it('saves the static IP and algo ID the trader enters, and shows them as the server reads them back', async () => {
    serveBrokers([upstoxBroker]);
    serveAccounts([upstoxAccount]);
    let current = upstoxState;
    server.use(http.get(`${API}/api/accounts/account-compliance/13/`, () => HttpResponse.json({ compliance: current })));
    const calls = record('put', '/api/accounts/accounts/13/', (body) => {
      current = { ...current, static_ip: '203.0.113.7', algo: { algo_id: 'NSE-ALGO-4242', sent: 'NSE-ALGO-4242', field: 'X-Algo-Name' } };
      return HttpResponse.json({ broker_accounts: { ...upstoxAccount, ...(body as object) } });
    });
    renderBrokers();
    const state = await screen.findByRole('region', { name: 'SEBI compliance' });
    await userEvent.click(await within(state).findByRole('button', { name: 'Edit static IP and algo ID' }));
    await userEvent.type(within(state).getByLabelText('Static IP registered at the broker'), '203.0.113.7');
    await userEvent.type(within(state).getByLabelText('Algo ID'), 'NSE-ALGO-4242');
    await userEvent.click(within(state).getByRole('button', { name: 'Save' }));
    expect(await within(state).findByText('NSE-ALGO-4242, sent as X-Algo-Name with every order', { normalizer: plainText })).toBeTruthy();
    expect(calls.map((call) => call.body)).toEqual([{ static_ip: '203.0.113.7', algo_id: 'NSE-ALGO-4242' }]);
    expect(within(state).getByText(/203\.0\.113\.7/, { normalizer: plainText })).toBeTruthy();
    expect(within(state).getByText(/check with your broker that it is this one/, { normalizer: plainText })).toBeTruthy();
    expect(within(state).queryByText('Warning:', { normalizer: plainText })).toBeNull();
  });
});
