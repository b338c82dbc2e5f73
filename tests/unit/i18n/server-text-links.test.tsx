// A server refusal that names a screen (issue 36: "(/app/kill-switch)" was printed as it is): the screen's
// words are a link to it where the text is shown on a page, plain words where no link can go (a toast), and
// no address is ever shown, in English or French, inside a bot's reason too.
import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { IntentOutcomeView } from '@/features/orders/components/intent-outcome';
import { frMessages } from '@/i18n/locales/fr/index';
import { sayRefusal } from '@/i18n/say-refusal';
import { sayServerText } from '@/i18n/say-server-text';
import { RefusalText, ServerText } from '@/i18n/server-text';
import { ApiError } from '@/lib/api/api-error';
import { botTexts } from '../../../server/services/texts/bot-texts.ts';
import { refusalTexts } from '../../../server/services/texts/refusal-texts.ts';
import { en, fr } from '../support/server-text-intl.ts';

const limit = refusalTexts.riskLotsPerOrder(4, 'NIFTY2612026000CE', 2);
const refused = new ApiError('rejected', limit.text, { status: 422, code: 'risk_limit_exceeded', text: limit.i18n });

function renderIn(locale: 'en' | 'fr', ui: React.ReactNode) {
  return render(
    <IntlProvider locale={locale === 'fr' ? 'fr-FR' : 'en-IN'} defaultLocale="en-IN" messages={locale === 'fr' ? frMessages : undefined}>
      <MemoryRouter>{ui}</MemoryRouter>
    </IntlProvider>,
  );
}

describe('a refusal that names a screen', () => {
  it('links its words to the screen, with no address shown', () => {
    const { container } = renderIn('en', <RefusalText error={refused} />);
    expect(screen.getByRole('link', { name: 'Kill switch page' }).getAttribute('href')).toBe('/app/kill-switch');
    expect(container.textContent).toBe(
      "4 lots of NIFTY2612026000CE is more than your limit of 2 lots per order. Change the account's risk limits on the Kill switch page if you mean it.",
    );
  });

  it('in French too', () => {
    const { container } = renderIn('fr', <RefusalText error={refused} />);
    expect(screen.getByRole('link', { name: 'page Coupe-circuit' }).getAttribute('href')).toBe('/app/kill-switch');
    expect(container.textContent).not.toContain('/app/');
  });

  it('says the same words, without a link, where a text cannot hold one', () => {
    expect(sayRefusal(en, refused)).toBe(limit.text);
    expect(sayRefusal(fr, refused)).toContain('sur la page Coupe-circuit si c’est voulu.');
    expect(sayRefusal(fr, refused)).not.toContain('/app/');
  });

  it("links inside a bot's reason, which carries the refusal as one of its values", () => {
    const reason = botTexts.entryRefused(botTexts.orderRefused('NIFTY2612026000CE', limit));
    const { container } = renderIn('en', <ServerText text={reason.i18n} fallback={reason.text} />);
    expect(screen.getByRole('link', { name: 'Kill switch page' }).getAttribute('href')).toBe('/app/kill-switch');
    expect(container.textContent).toBe(sayServerText(en, reason.i18n, '(no code)'));
  });

  it('is one link in the ticket’s outcome, inside the alert that says it', () => {
    renderIn('en', <IntentOutcomeView outcome={{ kind: 'refused', error: refused }} checking={false} />);
    const alert = screen.getByRole('alert');
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(alert.querySelector('a')?.getAttribute('href')).toBe('/app/kill-switch');
    expect(alert.textContent).not.toContain('/app/');
  });

  it('keeps the words of a refusal without a code as they are', () => {
    const { container } = renderIn('en', <RefusalText error={new ApiError('rejected', 'Portfolio not found')} />);
    expect(container.textContent).toBe('Portfolio not found');
  });
});
