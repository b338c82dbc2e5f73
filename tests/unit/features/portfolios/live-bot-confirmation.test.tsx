// A bot on a live account trades real money: resuming it asks for the account number, typed, before the
// button lets it trade again (the server checks the same number); a paper bot's resume asks for nothing.
import { fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { ResumeBotDialog } from '@/features/portfolios/components/resume-bot-dialog';
import { frMessages } from '@/i18n/locales/fr/index';

function resume(liveAccount: string | null, locale: 'en' | 'fr' = 'en') {
  const onConfirm = vi.fn();
  render(
    <IntlProvider locale={locale} messages={locale === 'fr' ? frMessages : undefined}>
      <ResumeBotDialog name="Friday straddle" reason={null} busy={false} liveAccount={liveAccount} onConfirm={onConfirm} onClose={() => undefined} />
    </IntlProvider>,
  );
  return onConfirm;
}

describe('resuming a live bot', () => {
  it('keeps Resume disabled until the account number is typed, then sends what was typed', () => {
    const onConfirm = resume('ZR1234');
    const field = screen.getByLabelText(/Type the account number ZR1234 to let this bot trade real money/);
    const button = screen.getByRole('button', { name: 'Resume bot' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(field, { target: { value: 'ZR12' } });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(field, { target: { value: ' zr1234 ' } });
    expect((button as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(button);
    expect(onConfirm).toHaveBeenCalledWith('zr1234');
  });

  it('asks in French too', () => {
    resume('ZR1234', 'fr');
    expect(screen.getByLabelText(/Saisissez le numéro de compte ZR1234/)).toBeTruthy();
  });

  it('asks a paper bot for nothing', () => {
    const onConfirm = resume(null);
    expect(screen.queryByRole('textbox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Resume bot' }));
    expect(onConfirm).toHaveBeenCalledWith(undefined);
  });
});
