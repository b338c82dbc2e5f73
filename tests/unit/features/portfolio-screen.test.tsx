import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { selectedAccountAtom, selectedPortfolioAtom } from '@/lib/session/user-profile-atoms';
import { store } from '@/lib/store';
import {
  API,
  backend,
  card,
  cardNames,
  description,
  field,
  findCard,
  mainAccount,
  notifications,
  renderPortfolioScreen,
  server,
  spareAccount,
  usePortfolioBackend,
  weekly,
  type Portfolio,
} from './portfolio-harness';
import { plainText } from '../support/plain-text.ts';

usePortfolioBackend();

const accountSelect = () => screen.getByRole('combobox', { name: 'Broker account' }) as HTMLSelectElement;

describe('choosing an account', () => {
  it('starts from the remembered account, and a new choice is remembered and shows its portfolios', async () => {
    const user = userEvent.setup();
    backend.accounts = [mainAccount, spareAccount];
    backend.portfolios.push({ id: 23, broker_account: 2, name: 'Spare hedges', description: '', capital: 50000 });
    store.set(selectedAccountAtom, spareAccount);
    renderPortfolioScreen();

    await findCard('Spare hedges');
    expect(accountSelect().value).toBe('2');
    expect(within(accountSelect()).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Main paper account (PA1234)',
      'Spare account (PA9999)',
    ]);
    expect(screen.getByText('₹50,000 of ₹2,00,000 allocated', { normalizer: plainText })).toBeTruthy();

    await user.selectOptions(accountSelect(), '1');
    await findCard('Weekly expiry');
    expect(cardNames().slice(0, 2)).toEqual(['Weekly expiry', 'Monthly']);
    expect(screen.queryByRole('article', { name: 'Spare hedges' })).toBeNull();
    expect(store.get(selectedAccountAtom)?.id).toBe(1);
    expect(screen.getByText('₹4,00,000 of ₹5,00,000 allocated', { normalizer: plainText })).toBeTruthy();
  });

  it('chooses the first account when none is remembered', async () => {
    renderPortfolioScreen();
    await findCard('Weekly expiry');
    expect(store.get(selectedAccountAtom)).toEqual(mainAccount);
    // The first portfolio is chosen too, and its bots are shown.
    expect(store.get(selectedPortfolioAtom)?.id).toBe(weekly.id);
    expect(await screen.findByRole('heading', { name: 'Bots in “Weekly expiry”' })).toBeTruthy();
  });

  it('sends a trader without broker accounts to link one first', async () => {
    backend.accounts = [];
    renderPortfolioScreen();
    const link = await screen.findByRole('link', { name: 'Link a broker account first' });
    expect(link.getAttribute('href')).toBe('/app/broker');
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});

describe('portfolios', () => {
  it('offers to create the first one, sends what the contract takes and appends the answer', async () => {
    const user = userEvent.setup();
    backend.portfolios = [];
    renderPortfolioScreen();
    await user.click(await screen.findByRole('button', { name: 'Create your first portfolio' }));

    const dialog = screen.getByRole('dialog', { name: 'New portfolio' });
    expect(description(field(/^Capital/))).toBe('₹5,00,000 of the account’s capital is still free');
    await user.type(field(/^Name/), '  Expiry straddles ');
    await user.type(field(/^Description/), 'Tuesday only');
    await user.type(field(/^Capital/), '150000');
    await user.click(within(dialog).getByRole('button', { name: 'Create portfolio' }));

    await findCard('Expiry straddles');
    expect(backend.changes).toEqual([
      {
        method: 'POST',
        path: '/api/portfolios/portfolios/',
        body: { broker_account: 1, name: 'Expiry straddles', description: 'Tuesday only', capital: 150000 },
      },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('₹1,50,000 of ₹5,00,000 allocated', { normalizer: plainText })).toBeTruthy();
    expect(notifications()).toEqual([
      { kind: 'success', title: 'Portfolio “{name}” created', values: { name: 'Expiry straddles' } },
    ]);
    // The new portfolio is the chosen one: its bots come next.
    expect(await screen.findByRole('heading', { name: 'Bots in “Expiry straddles”' })).toBeTruthy();
  });

  it('edits a portfolio and replaces it in place', async () => {
    const user = userEvent.setup();
    renderPortfolioScreen();
    await user.click(await screen.findByRole('button', { name: 'Edit Weekly expiry' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit “Weekly expiry”' });
    // Its own capital counts as free when it is the one edited.
    expect(description(field(/^Capital/))).toBe('₹4,00,000 of the account’s capital is still free');
    await user.clear(field(/^Name/));
    await user.type(field(/^Name/), 'Weekly straddles');
    await user.click(within(dialog).getByRole('button', { name: 'Save portfolio' }));

    await findCard('Weekly straddles');
    expect(cardNames().slice(0, 2)).toEqual(['Weekly straddles', 'Monthly']);
    expect(backend.changes).toEqual([
      {
        method: 'PUT',
        path: '/api/portfolios/portfolios/21/',
        body: { name: 'Weekly straddles', description: 'Expiry-day straddles', capital: 300000 },
      },
    ]);
    expect(store.get(selectedPortfolioAtom)?.name).toBe('Weekly straddles');
  });

  it('refuses more capital than is free before asking the server', async () => {
    const user = userEvent.setup();
    renderPortfolioScreen();
    await user.click(await screen.findByRole('button', { name: 'New portfolio' }));
    await user.type(field(/^Name/), 'Too big');
    await user.type(field(/^Capital/), '150000');
    await user.click(screen.getByRole('button', { name: 'Create portfolio' }));

    const capital = field(/^Capital/);
    expect(capital.getAttribute('aria-invalid')).toBe('true');
    expect(description(capital)).toBe('Capital (₹) cannot be more than the ₹1,00,000 still free in this account');
    expect(backend.changes).toEqual([]);
  });

  it('shows the server’s capital_exceeded refusal on the capital field and keeps what was typed', async () => {
    const user = userEvent.setup();
    server.use(
      http.post(`${API}/api/portfolios/portfolios/`, () =>
        HttpResponse.json(
          { message: 'Portfolios would hold ₹6,00,000 but the account’s capital is ₹5,00,000', code: 'capital_exceeded', field: 'capital' },
          { status: 422 },
        ),
      ),
    );
    renderPortfolioScreen();
    await user.click(await screen.findByRole('button', { name: 'New portfolio' }));
    await user.type(field(/^Name/), 'Late entry');
    await user.type(field(/^Capital/), '90000');
    await user.click(screen.getByRole('button', { name: 'Create portfolio' }));

    const capital = field(/^Capital/);
    await waitFor(() => expect(capital.getAttribute('aria-invalid')).toBe('true'));
    expect(description(capital)).toContain('Together, this account’s portfolios would hold more than the account’s capital.');
    expect(document.activeElement).toBe(capital);
    expect(capital.value).toBe('90000');
    expect(field(/^Name/).value).toBe('Late entry');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(cardNames()).not.toContain('Late entry');
  });

  it('deletes after a confirmation that names it and its bots, then shows the server’s list', async () => {
    const user = userEvent.setup();
    renderPortfolioScreen();
    await user.click(await screen.findByRole('button', { name: 'Delete Weekly expiry' }));

    const confirm = screen.getByRole('alertdialog', { name: 'Delete the portfolio “Weekly expiry”?' });
    expect(confirm.textContent).toContain('its trading bots and daily bots are deleted too');
    // Meanwhile another device added a portfolio: the answer lists it, and the screen shows the answer.
    const elsewhere: Portfolio = { id: 24, broker_account: 1, name: 'Added elsewhere', description: '', capital: 1000 };
    backend.portfolios.push(elsewhere);
    await user.click(within(confirm).getByRole('button', { name: 'Delete portfolio' }));

    await findCard('Added elsewhere');
    expect(cardNames().slice(0, 2)).toEqual(['Monthly', 'Added elsewhere']);
    expect(backend.changes).toEqual([{ method: 'DELETE', path: '/api/portfolios/portfolios/21/', body: undefined }]);
    expect(store.get(selectedPortfolioAtom)?.name).toBe('Monthly');
    expect(notifications()).toEqual([{ kind: 'success', title: 'Portfolio “{name}” deleted', values: { name: 'Weekly expiry' } }]);
  });

  it('shows another portfolio’s bots on request and takes the trader to them', async () => {
    const user = userEvent.setup();
    renderPortfolioScreen();
    await screen.findByRole('article', { name: 'Tuesday straddle' });
    const shown = within(card('Weekly expiry')).getByRole('button', { name: 'Showing bots' });
    expect(shown.getAttribute('aria-current')).toBe('true');
    const show = within(card('Monthly')).getByRole('button', { name: 'Show bots' });
    expect(show.hasAttribute('aria-current')).toBe(false);
    await user.click(show);

    const heading = screen.getByRole('heading', { name: 'Bots in “Monthly”' });
    expect(document.activeElement).toBe(heading);
    // Said in words, with no glyph: "✓ Show bots" read as a check mark and an order.
    expect(show.textContent).toBe('Showing bots');
    expect(show.querySelector('svg')).toBeNull();
    expect(show.getAttribute('aria-current')).toBe('true');
    expect(within(card('Weekly expiry')).getByRole('button', { name: 'Show bots' }).hasAttribute('aria-current')).toBe(false);
    expect(await screen.findByRole('region', { name: 'No trading bots yet' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Tuesday straddle' })).toBeNull();
  });

  it('keeps a portfolio when the confirmation is cancelled', async () => {
    const user = userEvent.setup();
    renderPortfolioScreen();
    await user.click(await screen.findByRole('button', { name: 'Delete Monthly' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(cardNames().slice(0, 2)).toEqual(['Weekly expiry', 'Monthly']);
    expect(backend.changes).toEqual([]);
  });
});
