/**
 * The trade-defaults section: loaded from the profile, saved whole, lots kept within the contract.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { userDataAtom } from '@/lib/session/user-profile-atoms';
import { store } from '@/lib/store';
import {
  asha,
  button,
  description,
  findInput,
  notifications,
  recordPosts,
  renderSettings,
  serveProfile,
  useSettingsServer,
  type User,
} from './settings-harness.tsx';

useSettingsServer();

describe('trade defaults', () => {
  function checkedIn(group: string): string[] {
    const fieldset = screen.getByRole('group', { name: group });
    return within(fieldset)
      .getAllByRole('radio')
      .filter((radio) => radio instanceof HTMLInputElement && radio.checked)
      .map((radio) => radio.getAttribute('value') ?? '');
  }

  it('loads from the profile', async () => {
    serveProfile();
    renderSettings('trade-defaults');
    const lots = await findInput(/^Quantity in lots/);
    expect(lots.value).toBe('3');
    expect(checkedIn('Product')).toEqual(['NRML']);
    expect(checkedIn('Order type')).toEqual(['LIMIT']);
    expect(checkedIn('Default index')).toEqual(['BANKNIFTY']);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Confirm before placing an order' }).checked).toBe(false);
    // Each choice explains itself.
    expect(description(screen.getByRole('radio', { name: 'MIS · intraday' }))).toContain('squared off automatically at the broker’s cut-off');
    expect(button('Save defaults').disabled).toBe(true);
  });

  it('saves the whole set of defaults and updates the signed-in user', async () => {
    const user = userEvent.setup();
    serveProfile();
    const bodies = recordPosts('/api/profile/user/update_trade_default/', (body) =>
      HttpResponse.json({ message: 'Saved', trade_defaults: body as User['trade_defaults'] }),
    );
    renderSettings('trade-defaults');
    const lots = await findInput(/^Quantity in lots/);
    await user.click(screen.getByRole('radio', { name: 'MIS · intraday' }));
    await user.click(screen.getByRole('radio', { name: 'Market' }));
    await user.click(screen.getByRole('radio', { name: 'SENSEX' }));
    await user.click(screen.getByRole('checkbox', { name: 'Confirm before placing an order' }));
    await user.clear(lots);
    await user.type(lots, '12');
    await user.click(screen.getByRole('button', { name: 'Save defaults' }));

    const expected = { product: 'MIS', order_type: 'MARKET', lots: 12, index: 'SENSEX', confirm_before_order: true };
    await waitFor(() => expect(notifications()).toEqual([{ kind: 'success', title: 'Trade defaults saved', description: undefined }]));
    expect(bodies).toEqual([expected]);
    expect(store.get(userDataAtom)).toEqual({ ...asha, trade_defaults: expected });
    expect(button('Save defaults').disabled).toBe(true);
  });

  it.each([
    ['0', 'Quantity in lots must be between 1 and 1,000'],
    ['1001', 'Quantity in lots must be between 1 and 1,000'],
    ['2.5', 'Quantity in lots must be a whole number'],
  ])('refuses %s lots and sends nothing', async (typed, reason) => {
    const user = userEvent.setup();
    serveProfile();
    const bodies = recordPosts('/api/profile/user/update_trade_default/', () => HttpResponse.json({ message: 'Saved', trade_defaults: asha.trade_defaults }));
    renderSettings('trade-defaults');
    const lots = await findInput(/^Quantity in lots/);
    await user.clear(lots);
    await user.type(lots, typed);
    await user.click(screen.getByRole('button', { name: 'Save defaults' }));
    expect(description(lots)).toContain(reason);
    expect(bodies).toEqual([]);
  });
});
