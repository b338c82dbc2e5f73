// Square-off while the exchange is closed: the server sends it as an after-market order (AMO) held until the
// next open, so the row's button, "Square off all" and the confirmation say so, with the ticket's notice
// (after-market-notice.tsx) naming the open, in English and French. With the market open nothing changes.
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { PositionActions, SquareOffAll } from '@/features/orders/components/position-actions';
import { frMessages } from '@/i18n/locales/fr/index';
import { plainText } from '../support/plain-text.ts';
import { positionOf } from '../support/position.ts';

const account = { id: 11, broker: 'paper', name: 'Main paper account', account_number: 'PA1234' };
// Friday 19:00 IST: the next open is Monday 23 November 2026, 09:15 IST.
const closed = { nextOpen: '2026-11-23T03:45:00.000Z' };

const call = positionOf('NIFTY26D0126000CE', 65);
const put = positionOf('NIFTY26D0125000PE', -65);
const common = { account, portfolioId: 4, disabled: false, onDone: () => undefined };

function renderIn(locale: 'en' | 'fr', children: React.ReactNode) {
  return render(
    <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : undefined}>
      {children}
    </IntlProvider>,
  );
}

const notice = () => plainText(screen.getByTestId('after-market-notice').textContent ?? '');

describe('square-off while the market is closed', () => {
  it('says on the row, in the confirmation and on its button that the square-off goes as an AMO at the next open', async () => {
    renderIn('en', <PositionActions {...common} orders={[]} position={call} afterMarket={closed} />);
    await userEvent.click(screen.getByRole('button', { name: 'Square off as AMO' }));
    const dialog = screen.getByRole('alertdialog', { name: /^Square off \W?NIFTY 01 Dec 26000 CE\W?\?$/ });
    expect(notice()).toBe(
      'Market closed: this order goes as an after-market order (AMO). The broker holds it and sends it to the exchange at the next open, Mon, 23 Nov, 09:15 IST; the price shown is the last close.',
    );
    expect(within(dialog).getByRole('button', { name: 'Square off as AMO' })).toBeTruthy();
  });

  it('says it for every position of "Square off all", in French too', async () => {
    const view = renderIn('en', <SquareOffAll {...common} positions={[call, put]} afterMarket={closed} />);
    await userEvent.click(screen.getByRole('button', { name: 'Square off all as AMO' }));
    expect(notice()).toMatch(/^Market closed: these orders go as after-market orders \(AMO\)\. The broker holds them and sends them to the exchange at the next open, Mon, 23 Nov, 09:15 IST/);
    expect(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Square off as AMO' })).toBeTruthy();
    view.unmount();

    renderIn('fr', <SquareOffAll {...common} positions={[call, put]} afterMarket={closed} />);
    await userEvent.click(screen.getByRole('button', { name: 'Tout solder en AMO' }));
    expect(notice()).toMatch(/^Marché fermé : ces ordres partent en ordres hors séance \(AMO\)\. .*lun\. 23 nov\., 09:15 IST/);
    expect(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Solder en AMO' })).toBeTruthy();
  });

  it('says nothing of an AMO while the market is open', async () => {
    renderIn('en', <PositionActions {...common} orders={[]} position={call} afterMarket={null} />);
    await userEvent.click(screen.getByRole('button', { name: 'Square off' }));
    expect(screen.queryByTestId('after-market-notice')).toBeNull();
    expect(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Square off' })).toBeTruthy();
  });
});
