// unit: own module graph. Its first test needs French not loaded yet; the catalogues are cached in the module.
import { render, screen } from '@testing-library/react';
import { defineMessages, useIntl } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { commonMessages } from '@/i18n/common-messages';
import { I18nProvider, preloadMessages } from '@/i18n/i18n-provider';
import { getLoadedMessages } from '@/i18n/load-messages';

const untranslated = defineMessages({
  probe: { id: 'test.untranslatedProbe', defaultMessage: 'Only in English' },
});

function CancelLabel() {
  return <p>{useIntl().formatMessage(commonMessages.cancel)}</p>;
}

function TimeZone() {
  return <p data-testid="zone">{String(useIntl().timeZone)}</p>;
}

function Probe() {
  return <p>{useIntl().formatMessage(untranslated.probe)}</p>;
}

afterEach(() => {
  vi.restoreAllMocks();
});

// The order matters: the first test needs French not loaded yet (catalogues are cached per test file).
describe('I18nProvider', () => {
  it('keeps the current language on screen while a new one loads, then switches', async () => {
    expect(getLoadedMessages('fr')).toBeUndefined();
    const { rerender } = render(
      <I18nProvider locale="en">
        <CancelLabel />
      </I18nProvider>,
    );
    rerender(
      <I18nProvider locale="fr">
        <CancelLabel />
      </I18nProvider>,
    );
    expect(screen.getByText('Cancel')).toBeTruthy();
    // Generous wait: the first import of the French chunk is transformed on the fly under Vitest.
    expect(await screen.findByText('Annuler', undefined, { timeout: 5000 })).toBeTruthy();
    expect(document.documentElement.lang).toBe('fr-FR');
  });

  it('renders French from the first paint once preloaded', async () => {
    await preloadMessages('fr');
    render(
      <I18nProvider locale="fr">
        <CancelLabel />
      </I18nProvider>,
    );
    expect(screen.getByText('Annuler')).toBeTruthy();
  });

  it('switches back to English at once, since English is built in', async () => {
    await preloadMessages('fr');
    const { rerender } = render(
      <I18nProvider locale="fr">
        <CancelLabel />
      </I18nProvider>,
    );
    rerender(
      <I18nProvider locale="en">
        <CancelLabel />
      </I18nProvider>,
    );
    expect(screen.getByText('Cancel')).toBeTruthy();
    expect(document.documentElement.lang).toBe('en-IN');
  });

  it('stays quiet about English falling back to defaultMessage, but reports a missing French text', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { unmount } = render(
      <I18nProvider locale="en">
        <Probe />
      </I18nProvider>,
    );
    expect(screen.getByText('Only in English')).toBeTruthy();
    expect(errors).not.toHaveBeenCalled();
    unmount();

    await preloadMessages('fr');
    render(
      <I18nProvider locale="fr">
        <Probe />
      </I18nProvider>,
    );
    expect(screen.getByText('Only in English')).toBeTruthy();
    expect(errors).toHaveBeenCalled();
    expect(String(errors.mock.calls[0]?.[0])).toContain('test.untranslatedProbe');
  });

  it('sets no default time zone, which would make formatjs copy and serialise every date format on each message', () => {
    // Issue 37: 50 µs a formatMessage call instead of 7, hundreds of calls a render in the order book and the
    // builder. Dates reach messages already formatted in IST (lib/format); catalogue-parity checks none needs a zone.
    render(
      <I18nProvider locale="en">
        <TimeZone />
      </I18nProvider>,
    );
    expect(screen.getByTestId('zone').textContent).toBe('undefined');
  });
});
