// The approvals dialog's price tolerance takes a fraction (issue 61): 1.5 % typed is sent as 1.5 and read back
// as the server saved it. The server once refused it (400 invalid_value); this side never did, and must not start.
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Provider } from 'jotai';
import { http, HttpResponse } from 'msw';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { components } from '@openapi/main';
import { ApprovalDialog } from '@/features/portfolios/approvals/approval-dialog';
import { store } from '@/lib/store';
import { API, server, usePortfolioBackend } from '../portfolio-harness';

type Settings = components['schemas']['BotApprovalSettings'];

usePortfolioBackend();

describe('the approvals dialog of a trading bot', () => {
  it('sends a tolerance of 1.5 % as 1.5 and shows what was saved', async () => {
    const sent: unknown[] = [];
    let saved: Settings = { approve_first: false, deadline_seconds: 60, price_tolerance_pct: 2 };
    server.use(
      http.get(`${API}/api/approvals/settings/trading/31/`, () => HttpResponse.json(saved)),
      http.put(`${API}/api/approvals/settings/trading/31/`, async ({ request }) => {
        const body = (await request.json()) as Partial<Settings>;
        sent.push(body);
        saved = { ...saved, ...body };
        return HttpResponse.json(saved);
      }),
    );
    const user = userEvent.setup();
    render(
      <Provider store={store}>
        <IntlProvider locale="en" defaultLocale="en">
          <MemoryRouter>
            <ApprovalDialog kind="trading" botId={31} name="Tuesday straddle" canChange onClose={() => undefined} />
          </MemoryRouter>
        </IntlProvider>
      </Provider>,
    );
    const tolerance = await screen.findByLabelText(/Price tolerance/);
    expect((tolerance as HTMLInputElement).value).toBe('2');
    await user.clear(tolerance);
    await user.type(tolerance, '1.5');
    expect(screen.queryByText('0.01–20')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved.');
    expect(sent).toEqual([{ approve_first: false, deadline_seconds: 60, price_tolerance_pct: 1.5 }]);
    expect((tolerance as HTMLInputElement).value).toBe('1.5');
  });
});
