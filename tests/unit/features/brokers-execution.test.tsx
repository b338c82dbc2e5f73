/**
 * An account's execution policy on the broker accounts screen (issue 60): what the app's own orders go out as,
 * the broker rule's date and source, and a paper account turned into a limit-only broker (Angel One) with
 * LIMIT and re-price saved. HTTP is MSW (see brokers-harness).
 */
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { plainText } from '../support/plain-text';
import { API, executionOf, main, record, renderBrokers, serveAccounts, serveBrokers, server, useBrokersServer } from './brokers-harness';

useBrokersServer();

const angelOne = executionOf().limit_only_brokers[0]!;

describe("an account's execution policy", () => {
  it('shows MARKET with protection by default, and saves LIMIT and re-price behaving like Angel One, with the rule and its source shown', async () => {
    serveBrokers();
    serveAccounts([main]);
    let current = executionOf();
    server.use(http.get(`${API}/api/accounts/account-execution/${main.id}/`, () => HttpResponse.json({ execution: current })));
    const calls = record('put', `/api/accounts/account-execution/${main.id}/`, (body) => {
      current = executionOf({ ...(body as object), stored: true, rules_of: 'angelone', rules: [angelOne] });
      return HttpResponse.json({ execution: current });
    });
    renderBrokers();
    const row = await screen.findByRole('listitem', { name: main.name });
    const policy = await within(row).findByRole('region', { name: 'Execution policy' });
    expect(await within(policy).findByText('MARKET with protection')).toBeTruthy();
    expect(within(policy).getByText("Chosen from the broker's rules (not set by you)")).toBeTruthy();

    await userEvent.click(within(policy).getByRole('button', { name: 'Edit execution policy' }));
    await userEvent.click(within(policy).getByRole('checkbox', { name: 'Behave like a limit-only broker such as Angel One' }));
    await userEvent.selectOptions(within(policy).getByLabelText('Orders the app makes (bots, square-offs, kill switch)'), 'limit_reprice');
    await userEvent.click(within(policy).getByRole('button', { name: 'Save' }));

    expect(calls.map((call) => call.body)).toEqual([
      { mode: 'limit_reprice', buffer_unit: 'percent', buffer_value: 8, interval_seconds: 10, max_tries: 5, max_seconds: 50, entry_fallback: 'cancel', paper_rules_of: 'angelone' },
    ]);
    expect(
      await within(policy).findByText(
        'LIMIT 8 % past the touch, re-priced every 10 s up to 5 tries or 50 s; then an entry is cancelled, an exit keeps re-pricing until it fills',
        { normalizer: plainText },
      ),
    ).toBeTruthy();
    expect(within(policy).getByText(/^Angel One: no MARKET orders from API algos from Apr 1, 2026 — Angel One, "What's changing in SmartAPI access from April 1, 2026"$/, { normalizer: plainText })).toBeTruthy();
    expect(within(policy).getByText(/^Re-pricing defaults from Apr 1, 2026: AlgoTest help/, { normalizer: plainText })).toBeTruthy();
  });
});
