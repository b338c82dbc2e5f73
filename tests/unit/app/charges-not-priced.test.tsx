// A position whose fills have no charges figure (charges_status not_priced: a live position as its broker reports
// it, placed outside StrikeDesk) must never read as ₹0 of charges: the Charges tile says the ticket's "Not priced"
// when nothing is priced, and a note says the total leaves those trades out, in English and in French.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { positionOf } from '../support/position.ts';
import { positionsScreenHarness } from '../support/positions-screen.tsx';

const priced = positionOf('NIFTY26D0126000CE', 65, { charges: 20 });
const outside = positionOf('NIFTY26D0126000PE', 65, { charges: 0, charges_status: 'not_priced' });

const { renderScreen, setGroups } = positionsScreenHarness(() => [{ bot: null, positions: [outside], pnl: -130 }]);

const chargesTile = async () => {
  await screen.findAllByRole('rowheader', { name: /^NIFTY 01 (Dec|déc\.) 26000 PE/ });
  // The figure as read, without the bidirectional isolates formatInr wraps it in.
  return (screen.getByRole('region', { name: /^(Net P&L|P&L net)$/ }).querySelector('[data-summary="charges"]')!.textContent ?? '').replace(/[\u2068\u2069]/g, '');
};
const note = /^Charges leave out some trades: they were placed outside StrikeDesk/;

describe('charges not priced on the positions screen', () => {
  it('reads "Not priced", never ₹0, when no fill of the positions is priced, and says why', async () => {
    renderScreen();
    expect(await chargesTile()).toBe('Not priced');
    expect(screen.getByText(note)).toBeTruthy();
  });

  it('keeps the priced figure when some is priced, and still says the total is not whole', async () => {
    setGroups([{ bot: null, positions: [priced, outside], pnl: -260 }]);
    renderScreen();
    expect(await chargesTile()).toBe('₹20.00');
    expect(screen.getByText(note)).toBeTruthy();
  });

  it('says nothing of the kind when every position is priced, even at ₹0', async () => {
    setGroups([{ bot: null, positions: [priced, positionOf('NIFTY26D0126000PE', 65, { charges: 0 })], pnl: -260 }]);
    renderScreen();
    expect(await chargesTile()).toBe('₹20.00');
    expect(screen.queryByText(note)).toBeNull();
  });

  it('says it in French with the ticket’s words', async () => {
    renderScreen('fr');
    expect(await chargesTile()).toBe('Non chiffré');
    expect(screen.getByText(/^Les frais laissent de côté certaines transactions/)).toBeTruthy();
  });
});
