// A device's last failed push reads in the interface language: the server stores the reason as a code
// (push_devices.last_error_i18n), not only its English (issue 24, French server texts).
import { render, screen } from '@testing-library/react';
import { RawIntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { PushDevice } from '@/features/settings/api/push-calls';
import { PushOtherDevices } from '@/features/settings/components/push-other-devices';
import { en, fr, plain } from '../../support/server-text-intl';

const device: PushDevice = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
  label: 'Pixel 8',
  topics: [],
  created_at: '2026-11-20T05:00:00.000Z',
  last_sent_at: '2026-11-20T05:30:00.000Z',
  last_error: 'Push service unreachable.',
  last_error_i18n: { code: 'push.failure', params: { reason: 'unreachable' } },
};

describe('a device whose last push failed', () => {
  it('says why in French in the French interface', () => {
    render(
      <RawIntlProvider value={fr}>
        <PushOtherDevices devices={[device]} onRemove={() => {}} />
      </RawIntlProvider>,
    );
    const item = screen.getByRole('listitem', { name: 'Pixel 8' });
    expect(plain(item.textContent ?? '')).toContain('Service de notifications push injoignable.');
    expect(item.textContent).not.toContain('Push service unreachable.');
  });

  it('says why in English in the English interface', () => {
    render(
      <RawIntlProvider value={en}>
        <PushOtherDevices devices={[device]} onRemove={() => {}} />
      </RawIntlProvider>,
    );
    expect(screen.getByRole('listitem', { name: 'Pixel 8' }).textContent).toContain('Push service unreachable.');
  });
});
