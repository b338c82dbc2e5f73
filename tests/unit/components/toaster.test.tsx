// unit: own module graph. The notifications live in the app's one store, which other files leave toasts in.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { commonMessages } from '@/i18n/common-messages';
import { I18nProvider, preloadMessages } from '@/i18n/i18n-provider';
import type { Locale } from '@/i18n/locale';
import { notificationsAtom } from '@/lib/notify/notifications-atom';
import { dismissAllNotifications, dismissNotification, MAX_NOTIFICATIONS, notify } from '@/lib/notify/notify';
import { store } from '@/lib/store';

function renderToaster(locale: Locale = 'en') {
  const view = render(
    <I18nProvider locale={locale}>
      <Toaster />
    </I18nProvider>,
  );
  return {
    switchTo: (next: Locale) =>
      view.rerender(
        <I18nProvider locale={next}>
          <Toaster />
        </I18nProvider>,
      ),
  };
}

const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));

beforeEach(async () => {
  await preloadMessages('fr');
  vi.useFakeTimers();
});

afterEach(() => {
  act(() => dismissAllNotifications());
  vi.useRealTimers();
});

describe('notifications', () => {
  it('closes a notification after 4.5 s by default', () => {
    renderToaster();
    act(() => {
      notify({ kind: 'success', title: 'Order placed' });
    });
    expect(toasts().getByRole('status').textContent).toContain('Order placed');
    act(() => vi.advanceTimersByTime(4499));
    expect(toasts().queryByText('Order placed')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(toasts().queryByText('Order placed')).toBeNull();
  });

  it('keeps a sticky notification (duration 0) until it is closed', () => {
    renderToaster();
    act(() => {
      notify({ kind: 'info', title: 'Market closed', durationMs: 0 });
    });
    act(() => vi.advanceTimersByTime(60_000));
    expect(toasts().queryByText('Market closed')).not.toBeNull();
    fireEvent.click(toasts().getByRole('button', { name: 'Close notification' }));
    expect(toasts().queryByText('Market closed')).toBeNull();
  });

  it('pauses while hovered and resumes with the remaining time', () => {
    renderToaster();
    act(() => {
      notify({ kind: 'warning', title: 'Broker session expires soon' });
    });
    act(() => vi.advanceTimersByTime(3000));
    fireEvent.mouseEnter(toasts().getByRole('status'));
    act(() => vi.advanceTimersByTime(10_000));
    expect(toasts().queryByText('Broker session expires soon')).not.toBeNull();

    fireEvent.mouseLeave(toasts().getByRole('status'));
    act(() => vi.advanceTimersByTime(1499));
    expect(toasts().queryByText('Broker session expires soon')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(toasts().queryByText('Broker session expires soon')).toBeNull();
  });

  it('pauses while keyboard focus is inside it', () => {
    renderToaster();
    act(() => {
      notify({ kind: 'success', title: 'Saved' });
    });
    act(() => toasts().getByRole('button', { name: 'Close notification' }).focus());
    act(() => vi.advanceTimersByTime(10_000));
    expect(toasts().queryByText('Saved')).not.toBeNull();
    act(() => toasts().getByRole('button', { name: 'Close notification' }).blur());
    act(() => vi.advanceTimersByTime(4500));
    expect(toasts().queryByText('Saved')).toBeNull();
  });

  it('stacks notifications, oldest first, each with its own timer', () => {
    renderToaster();
    act(() => {
      notify({ kind: 'success', title: 'First' });
    });
    act(() => vi.advanceTimersByTime(2000));
    act(() => {
      notify({ kind: 'info', title: 'Second', description: 'More detail' });
    });
    const texts = toasts()
      .getAllByRole('status')
      .map((toast) => toast.textContent);
    expect(texts).toEqual(['SuccessFirst', 'InformationSecondMore detail']);
    act(() => vi.advanceTimersByTime(2500));
    expect(toasts().queryByText('First')).toBeNull();
    expect(toasts().queryByText('Second')).not.toBeNull();
  });

  it('keeps at most three, the oldest making room for the newest', () => {
    renderToaster();
    act(() => {
      for (const title of ['First', 'Second', 'Third', 'Fourth']) notify({ kind: 'info', title, durationMs: 0 });
    });
    expect(MAX_NOTIFICATIONS).toBe(3);
    const texts = toasts()
      .getAllByRole('status')
      .map((toast) => toast.textContent);
    expect(texts).toEqual(['InformationSecond', 'InformationThird', 'InformationFourth']);
  });

  it('does not stack the same message twice, and can dismiss by id', () => {
    renderToaster();
    let first = '';
    let second = '';
    act(() => {
      first = notify({ kind: 'error', title: 'Not Found' });
      second = notify({ kind: 'error', title: 'Not Found' });
    });
    expect(second).toBe(first);
    expect(toasts().getAllByRole('alert')).toHaveLength(1);
    act(() => dismissNotification(first));
    expect(store.get(notificationsAtom)).toEqual([]);
  });

  it('announces errors assertively and the rest politely', () => {
    renderToaster();
    act(() => {
      notify({ kind: 'error', title: 'Internal Server Error' });
      notify({ kind: 'success', title: 'Order modified' });
    });
    expect(toasts().getByRole('alert').textContent).toContain('Internal Server Error');
    expect(toasts().getByRole('status').textContent).toContain('Order modified');
    expect(toasts().getByRole('status').closest('[aria-live="polite"]')).not.toBeNull();
  });

  it('formats messages at render time, so a language switch re-translates them', () => {
    const { switchTo } = renderToaster('en');
    act(() => {
      notify({ kind: 'info', title: commonMessages.loading, description: 'ORD-42' });
    });
    expect(toasts().getByRole('status').textContent).toContain('Loading…');
    switchTo('fr');
    expect(toasts().getByRole('status').textContent).toContain('Chargement…');
    expect(toasts().getByRole('button', { name: 'Fermer la notification' })).toBeTruthy();
    expect(toasts().getByRole('status').textContent).toContain('ORD-42');
  });
});
