// A live position of which only some fills were placed through StrikeDesk (charges_status partial): its charges
// are those fills', a lower bound, never thrown away as ₹0 nor shown as whole. The Charges tile says "partly
// priced" beside the figure, a note says whose charges they are and that Net P&L subtracts those alone, and the
// Net P&L and Charges tiles point to it; a not-priced position among them takes over (its words cover both).
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { positionOf } from '../support/position.ts';
import { positionsScreenHarness } from '../support/positions-screen.tsx';

// Two lots sold at 120, one of them through StrikeDesk (its charges ₹9.20), marked at 118: ₹260 gross.
const partlyPriced = positionOf('NIFTY26D0126000CE', -130, { buy_value: 0, sell_value: 15600, sell_price: 120, charges: 9.2, charges_status: 'partial' });
const outside = positionOf('NIFTY26D0126000PE', 65, { charges: 0, charges_status: 'not_priced' });

const { renderScreen, setGroups } = positionsScreenHarness(() => [{ bot: null, positions: [partlyPriced], pnl: 260 }]);

const summaryTile = (field: string) => screen.getByRole('region', { name: /^(Net P&L|P&L net)$/ }).querySelector(`[data-summary="${field}"]`);
/** A tile's figure as read, without the bidirectional isolates formatInr wraps it in. */
const tile = (field: string) => (summaryTile(field)?.textContent ?? '').replace(/[\u2068\u2069]/g, '');
/** The words a tile's aria-describedby points to. */
const describedAs = (field: string) =>
  (summaryTile(field)?.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
const shown = () => screen.findAllByRole('rowheader', { name: /^NIFTY 01 (Dec|déc\.) 26000 CE/ });
const partlyNote = /^Partly priced: charges of the fills placed here only\./;
const notPricedNote = /^Charges leave out some trades: they were placed outside StrikeDesk/;

describe('charges partly priced on the positions screen', () => {
  it('keeps the known charges, says they are partly priced, and labels Net P&L as after those alone', async () => {
    renderScreen();
    await shown();
    expect(tile('charges')).toBe('₹9.20 (partly priced)');
    // 260 gross less the 9.20 known.
    expect(tile('net-pnl')).toMatch(/250\.80$/);
    expect(screen.getByText(partlyNote)).toBeTruthy();
    expect(screen.queryByText(notPricedNote)).toBeNull();
    expect(describedAs('net-pnl')).toMatch(/Net P&L subtracts only the charges of the trades placed here/);
    expect(describedAs('charges')).toMatch(partlyNote);
  });

  it('says not priced, not partly, when a position among them has no charges figure', async () => {
    setGroups([{ bot: null, positions: [partlyPriced, outside], pnl: 130 }]);
    renderScreen();
    await shown();
    expect(tile('charges')).toBe('₹9.20');
    expect(screen.getByText(notPricedNote)).toBeTruthy();
    expect(screen.queryByText(partlyNote)).toBeNull();
  });

  it('says it in French', async () => {
    renderScreen('fr');
    await shown();
    expect(tile('charges')).toMatch(/^9,20\s₹ \(chiffrés en partie\)$/);
    expect(screen.getByText(/^Chiffrés en partie : frais des exécutions passées ici seulement\./)).toBeTruthy();
  });
});
