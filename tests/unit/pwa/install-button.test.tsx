import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { IosInstallHint } from '@/app/layouts/shell-parts';
import { InstallButton } from '@/app/pwa/install-button';
import { installPromptAtom, type BeforeInstallPromptEvent } from '@/app/pwa/install-prompt-atom';
import { iosHintDismissedAtom } from '@/app/pwa/ios-hint-dismissed-atom';
import { store } from '@/lib/store';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

function renderButton() {
  return render(
    <Provider store={store}>
      <IntlProvider locale="en">
        <InstallButton />
      </IntlProvider>
    </Provider>,
  );
}

function installPromptEvent(): BeforeInstallPromptEvent {
  return Object.assign(new Event('beforeinstallprompt'), {
    prompt: vi.fn(() => Promise.resolve()),
    userChoice: Promise.resolve({ outcome: 'accepted' as const }),
  });
}

beforeEach(() => {
  store.set(installPromptAtom, null);
  store.set(iosHintDismissedAtom, false);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('<InstallButton />', () => {
  it('renders nothing when the browser offers no installation', () => {
    const { container } = renderButton();
    expect(container.innerHTML).toBe('');
  });

  it('offers "Install app" when the browser does, prompts, then hides', async () => {
    const event = installPromptEvent();
    renderButton();
    act(() => store.set(installPromptAtom, event));

    await userEvent.click(screen.getByRole('button', { name: 'Install app' }));
    expect(event.prompt).toHaveBeenCalledOnce();
    expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull();
  });

  describe('on iOS Safari', () => {
    // The hint's popover loads once a screen has drawn (shell-parts.tsx), and the hint shows then.
    beforeAll(async () => {
      await IosInstallHint.preload();
    }, 60_000);
    beforeEach(() => {
      vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_SAFARI);
    });

    it('explains Add to Home Screen, and the hint can be dismissed', async () => {
      renderButton();
      await userEvent.click(screen.getByRole('button', { name: 'Install app' }));
      expect(screen.getByText(/Add to Home Screen/)).toBeTruthy();

      await userEvent.click(screen.getByRole('button', { name: 'Got it' }));
      expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull();
      expect(screen.queryByText(/Add to Home Screen/)).toBeNull();
    });

    it('says nothing inside the installed app', () => {
      Object.defineProperty(navigator, 'standalone', { value: true, configurable: true });
      try {
        const { container } = renderButton();
        expect(container.innerHTML).toBe('');
      } finally {
        Reflect.deleteProperty(navigator, 'standalone');
      }
    });
  });
});
