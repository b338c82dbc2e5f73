/**
 * The profile section: what is loaded, what is sent, what the trader is told, and that a refusal
 * never loses what they typed. HTTP is MSW (see settings-harness).
 */
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { userDataAtom } from '@/lib/session/user-profile-atoms';
import { store } from '@/lib/store';
import {
  asha,
  button,
  description,
  failProfileOnce,
  findInput,
  input,
  notifications,
  recordPosts,
  renderSettings,
  serveProfile,
  useSettingsServer,
  type User,
} from './settings-harness.tsx';

useSettingsServer();

describe('profile', () => {
  it('loads the profile: email read-only, name and mobile filled, nothing to save yet', async () => {
    serveProfile();
    renderSettings('profile');
    expect(screen.getByRole('status').textContent).toBe('Loading your profile…');

    expect((await findInput(/^Full name/)).value).toBe('Asha Verma');
    // Stored as +919876543210, shown the way the hint writes it.
    expect(input(/^Mobile number/).value).toBe('98765 43210');
    const email = input(/^Email/);
    expect(email.value).toBe('asha@example.in');
    expect(email.readOnly).toBe(true);
    expect(button('Save changes').disabled).toBe(true);
    expect(store.get(userDataAtom)).toEqual(asha);
  });

  it('sends only what changed, tells the trader, and updates the signed-in user', async () => {
    const user = userEvent.setup();
    serveProfile();
    const updated: User = { ...asha, name: 'Asha V. Rao', mobile: '+919812345678' };
    const bodies = recordPosts('/api/profile/user/', () => HttpResponse.json({ user: updated }));
    renderSettings('profile');

    const name = await findInput(/^Full name/);
    await user.clear(name);
    await user.type(name, '  Asha V. Rao ');
    const mobile = input(/^Mobile number/);
    await user.clear(mobile);
    await user.type(mobile, '098123 45678');
    const save = button('Save changes');
    expect(save.disabled).toBe(false);
    await user.click(save);

    await waitFor(() => expect(notifications()).toEqual([{ kind: 'success', title: 'Profile updated', description: undefined }]));
    // Trimmed, separators and the trunk 0 dropped: the form the contract accepts.
    expect(bodies).toEqual([{ name: 'Asha V. Rao', mobile: '9812345678' }]);
    expect(store.get(userDataAtom)).toEqual(updated);
    expect(name.value).toBe('Asha V. Rao');
    expect(mobile.value).toBe('98123 45678');
    expect(save.disabled).toBe(true);
  });

  it('does not count the same number typed another way as a change', async () => {
    const user = userEvent.setup();
    serveProfile();
    renderSettings('profile');
    const mobile = await findInput(/^Mobile number/);
    await user.clear(mobile);
    await user.type(mobile, '98765-43210');
    expect(button('Save changes').disabled).toBe(true);
  });

  it('blocks a mobile number that is not Indian, with the reason on the field, and sends nothing', async () => {
    const user = userEvent.setup();
    serveProfile();
    const bodies = recordPosts('/api/profile/user/', () => HttpResponse.json({ user: asha }));
    renderSettings('profile');
    const mobile = await findInput(/^Mobile number/);
    await user.clear(mobile);
    await user.type(mobile, '12345 67890');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(mobile.getAttribute('aria-invalid')).toBe('true');
    expect(description(mobile)).toContain(
      'Mobile number must be a 10-digit Indian mobile number starting with 6, 7, 8 or 9',
    );
    expect(document.activeElement).toBe(mobile);
    expect(bodies).toEqual([]);
  });

  it('shows a refusal next to the form and keeps what was typed', async () => {
    const user = userEvent.setup();
    serveProfile();
    recordPosts('/api/profile/user/', () =>
      HttpResponse.json({ message: 'Too many profile changes today.', code: 'rate_limited' }, { status: 409 }),
    );
    renderSettings('profile');
    const name = await findInput(/^Full name/);
    await user.type(name, ' Rao');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Too many profile changes today.');
    expect(name.value).toBe('Asha Verma Rao');
    expect(notifications()).toEqual([]);
  });

  it('offers a retry when the profile cannot be loaded', async () => {
    const user = userEvent.setup();
    failProfileOnce(500);
    renderSettings('profile');
    expect((await screen.findByRole('alert')).textContent).toContain('Your profile could not be loaded.');

    serveProfile();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await findInput(/^Full name/)).value).toBe('Asha Verma');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

