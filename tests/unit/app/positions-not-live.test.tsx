// A position the broker had no quote for is marked at its last trade's price (Position.priced false): its
// row says it has no live price, and every total that adds it up (the summary tiles, the group's header,
// the table's total, a phone's total) says it includes one, in English and in French. The price stream
// stays down, so no tick makes it live.
import { render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { components } from '@openapi/main';
import { PositionGroups } from '@/features/positions/components/position-groups';
import { positionOf } from '../support/position.ts';
import { intlOf, positionsScreenHarness } from '../support/positions-screen.tsx';

type Schemas = components['schemas'];

const quoted = positionOf('NIFTY26D0126000CE', 65);
const unquoted = positionOf('NIFTY26D0126000PE', 65, { priced: false });

const { renderScreen, setGroups } = positionsScreenHarness(() => [{ bot: null, positions: [quoted, unquoted], pnl: -260 }]);

const rowOf = (symbol: string) => screen.getByRole('rowheader', { name: new RegExp(`^${symbol}`) }).closest('tr')!;

describe('a position without a live price on the positions screen', () => {
  it('marks its row, and the summary, the group and the table total say they include it', async () => {
    renderScreen();
    await screen.findByRole('rowheader', { name: /^NIFTY 01 Dec 26000 PE/ });
    const hint = 'No current quote: marked at the price of its last trade, so this P&L is not live.';
    const stale = rowOf('NIFTY 01 Dec 26000 PE');
    expect(within(stale).getByText('No live price')).toBeTruthy();
    expect(within(stale).getByText(hint)).toBeTruthy();
    expect(within(stale).getByTitle(hint)).toBeTruthy();
    expect(within(rowOf('NIFTY 01 Dec 26000 CE')).queryByText('No live price')).toBeNull();
    // The summary's tiles, the group's header and the table's total: each says so, the number still shown.
    expect(screen.getAllByText('Includes 1 position without a live price')).toHaveLength(3);
    const summary = screen.getByRole('region', { name: 'Net P&L' });
    const note = within(summary).getByText('Includes 1 position without a live price');
    for (const field of ['net-pnl', 'unrealised']) {
      const tile = summary.querySelector(`[data-summary="${field}"]`)!;
      expect(tile.getAttribute('aria-describedby')).toBe(note.closest('[id]')!.id);
      expect(tile.textContent).not.toBe('');
    }
    expect(summary.querySelector('[data-summary="charges"]')!.getAttribute('aria-describedby')).toBeNull();
  });

  it('says nothing of the kind when every price is live', async () => {
    setGroups([{ bot: null, positions: [quoted], pnl: -130 }]);
    renderScreen();
    await screen.findByRole('rowheader', { name: 'NIFTY 01 Dec 26000 CE' });
    expect(screen.queryByText('No live price')).toBeNull();
    expect(screen.queryByText(/without a live price/)).toBeNull();
  });

  it('says it in French', async () => {
    renderScreen('fr');
    await screen.findByRole('rowheader', { name: /^NIFTY 01 déc\. 26000 PE/ });
    expect(within(rowOf('NIFTY 01 déc\\. 26000 PE')).getByText('Pas de cours en direct')).toBeTruthy();
    expect(screen.getAllByText('Inclut 1 position sans cours en direct')).toHaveLength(3);
  });
});

describe('a position without a live price on a phone', () => {
  function renderCards(locale: 'en' | 'fr', positions: Schemas['Position'][]) {
    render(
      <IntlProvider {...intlOf(locale)}>
        <PositionGroups groups={[{ bot: null, positions, pnl: 0 }]} live={new Map()} phone />
      </IntlProvider>,
    );
  }

  it('marks its card and the total, and counts every one of them', () => {
    renderCards('en', [quoted, unquoted, positionOf('NIFTY26D0126100PE', -65, { priced: false })]);
    const cards = screen.getAllByRole('listitem');
    expect(cards.map((card) => within(card).queryByText('No live price') !== null)).toEqual([false, true, true]);
    const total = screen.getByText('Total').closest('p')!;
    expect(within(total).getByText('Includes 2 positions without a live price')).toBeTruthy();
  });

  it('says it in French', () => {
    renderCards('fr', [quoted, unquoted]);
    expect(within(screen.getAllByRole('listitem')[1]!).getByText('Pas de cours en direct')).toBeTruthy();
    expect(within(screen.getByText('Total').closest('p')!).getByText('Inclut 1 position sans cours en direct')).toBeTruthy();
  });

  it('leaves a closed position unmarked: its P&L needs no price', () => {
    renderCards('en', [positionOf('NIFTY26D0126000PE', 0, { priced: false })]);
    expect(screen.queryByText('No live price')).toBeNull();
    expect(screen.queryByText(/without a live price/)).toBeNull();
  });
});
