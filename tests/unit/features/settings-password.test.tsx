/**
 * The change-password section: client rules, the server's refusal on the field it names, success.
 */
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { description, input, notifications, recordPosts, renderSettings, useSettingsServer } from './settings-harness.tsx';

useSettingsServer();

describe('change password', () => {
  async function fill(current: string, next: string, confirm: string) {
    const user = userEvent.setup();
    if (current) await user.type(input(/^Current password/), current);
    if (next) await user.type(input(/^New password/), next);
    if (confirm) await user.type(input(/^Confirm new password/), confirm);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
  }

  const mistakes = [
    {
      case: 'the confirmation differs',
      typed: ['old-secret-1', 'new-secret-22', 'new-secret-23'],
      field: /^Confirm new password/,
      reason: 'The two new passwords do not match',
    },
    {
      case: 'the new password is too short',
      typed: ['old-secret-1', 'short', 'short'],
      field: /^New password/,
      reason: 'New password must be between 8 and 128 characters',
    },
    {
      case: 'the new password is the current one',
      typed: ['old-secret-1', 'old-secret-1', 'old-secret-1'],
      field: /^New password/,
      reason: 'New password must be different from your current password',
    },
  ] as const;

  it.each(mistakes)('is blocked when $case with the reason on the field', async ({ typed, field, reason }) => {
    const bodies = recordPosts('/api/profile/user/change_password/', () => HttpResponse.json({ message: 'Changed' }));
    renderSettings('password');
    await fill(typed[0], typed[1], typed[2]);
    const invalid = input(field);
    expect(invalid.getAttribute('aria-invalid')).toBe('true');
    expect(description(invalid)).toContain(reason);
    expect(bodies).toEqual([]);
  });

  it('shows a wrong current password on its field and keeps everything typed', async () => {
    const bodies = recordPosts('/api/profile/user/change_password/', () =>
      HttpResponse.json(
        { message: 'Current password is incorrect', code: 'invalid_current_password', field: 'current_password' },
        { status: 422 },
      ),
    );
    renderSettings('password');
    await fill('not-my-password', 'new-secret-22', 'new-secret-22');

    const current = input(/^Current password/);
    await waitFor(() => expect(current.getAttribute('aria-invalid')).toBe('true'));
    expect(description(current)).toContain('Your current password is not correct.');
    // Focus moves once the refusal has rendered, which under load can be a render later.
    await waitFor(() => expect(document.activeElement).toBe(current));
    expect(bodies).toEqual([{ current_password: 'not-my-password', new_password: 'new-secret-22' }]);
    expect([current.value, input(/^New password/).value, input(/^Confirm new password/).value]).toEqual([
      'not-my-password',
      'new-secret-22',
      'new-secret-22',
    ]);
    expect(notifications()).toEqual([]);

    // Editing the refused value clears the server's error.
    await userEvent.setup().type(current, 'x');
    expect(current.getAttribute('aria-invalid')).toBeNull();
  });

  it('shows “too common” under the new password, not above the form', async () => {
    recordPosts('/api/profile/user/change_password/', () =>
      HttpResponse.json(
        { message: 'This password is too common: choose one that is harder to guess.', code: 'weak_password', field: 'new_password' },
        { status: 422 },
      ),
    );
    renderSettings('password');
    await fill('old-secret-1', 'password123', 'password123');

    const next = input(/^New password/);
    await waitFor(() => expect(description(next)).toContain('This password is too common. Choose one that is harder to guess.'));
    await waitFor(() => expect(document.activeElement).toBe(next));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the server is busy, and for how long, when every password check is taken (503)', async () => {
    recordPosts('/api/profile/user/change_password/', () =>
      HttpResponse.json({ message: 'Busy', code: 'server_busy' }, { status: 503, headers: { 'Retry-After': '1' } }),
    );
    renderSettings('password');
    await fill('old-secret-1', 'new-secret-22', 'new-secret-22');
    expect((await screen.findByRole('alert')).textContent).toContain('The server is busy. Try again in 1 second.');
    expect(input(/^New password/).value).toBe('new-secret-22');
  });

  it('changes the password, says other devices were signed out, and clears the fields', async () => {
    const bodies = recordPosts('/api/profile/user/change_password/', () => HttpResponse.json({ message: 'Password changed' }));
    renderSettings('password');
    await fill('old-secret-1', 'new-secret-22', 'new-secret-22');

    await waitFor(() =>
      expect(notifications()).toEqual([
        {
          kind: 'success',
          title: 'Password changed',
          description: 'Your other devices were signed out. This one stays signed in.',
        },
      ]),
    );
    expect(bodies).toEqual([{ current_password: 'old-secret-1', new_password: 'new-secret-22' }]);
    for (const label of [/^Current password/, /^New password/, /^Confirm new password/]) {
      expect(input(label).value).toBe('');
      expect(input(label).getAttribute('aria-invalid')).toBeNull();
    }
  });
});

