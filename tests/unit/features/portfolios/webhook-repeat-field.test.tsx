// A bot webhook's rule for a repeated alert id (issue 60), as the trader sets it in the webhook dialog: the
// trading day (the default), or a window of minutes in the contract's 1–1440, in English and in French.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { WebhookRepeatField } from '@/features/portfolios/components/webhook-repeat-field';
import { frMessages } from '@/i18n/locales/fr/index';

function show(windowMinutes: number | null, locale: 'en' | 'fr' = 'en') {
  const onSave = vi.fn((_minutes: number | null) => Promise.resolve(true));
  render(
    <IntlProvider locale={locale} messages={locale === 'fr' ? frMessages : undefined}>
      <WebhookRepeatField windowMinutes={windowMinutes} disabled={false} busy={false} onSave={onSave} />
    </IntlProvider>,
  );
  return onSave;
}

describe("a bot webhook's repeated-alert rule", () => {
  it('counts an id for its trading day until a window is chosen, then saves the window in minutes', async () => {
    const user = userEvent.setup();
    const onSave = show(null);
    const rule = screen.getByRole('combobox', { name: 'The same alert id is placed once' });
    expect(rule).toHaveProperty('value', 'day');
    expect(screen.getByText(/its 9:20 scan places again tomorrow/)).toBeTruthy();
    // Nothing changed: nothing to save.
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);

    await user.selectOptions(rule, 'window');
    const minutes = screen.getByRole('textbox', { name: 'Window (minutes)' });
    await user.clear(minutes);
    await user.type(minutes, '0');
    expect(screen.getByText('A whole number of minutes from 1 to 1440.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    await user.clear(minutes);
    await user.type(minutes, '30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(30);
    expect(screen.getByRole('status').textContent).toBe('Saved');
  });

  it('shows a saved window and goes back to the day (null)', async () => {
    const user = userEvent.setup();
    const onSave = show(45);
    expect(screen.getByRole('textbox', { name: 'Window (minutes)' })).toHaveProperty('value', '45');
    await user.selectOptions(screen.getByRole('combobox', { name: 'The same alert id is placed once' }), 'day');
    expect(screen.queryByRole('textbox', { name: 'Window (minutes)' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(null);
  });

  it('says it in French', () => {
    show(15, 'fr');
    expect(screen.getByRole('combobox', { name: 'Le même identifiant d’alerte est passé une fois' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'par jour de bourse (heure de l’Inde)' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Fenêtre (minutes)' })).toHaveProperty('value', '15');
    expect(screen.getByRole('heading', { name: 'Alertes répétées' })).toBeTruthy();
  });
});
