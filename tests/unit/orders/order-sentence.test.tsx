// The ticket's outcome line for an after-market order (held until the next open) and for the paper broker's
// MIS cut-off refusal, in English and French.
import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { Order } from '@/features/orders/api/trading-types';
import { useOrderSentence } from '@/features/orders/components/intent-outcome';
import { frMessages } from '@/i18n/locales/fr/index';

const base: Order = {
  order_id: '261120000000002',
  exchange_order_id: null,
  account_number: 'PA1234',
  portfolio_id: null,
  tradingsymbol: 'NIFTY26D0126000CE',
  instrument_token: 12000001,
  exchange: 'NFO',
  transaction_type: 'BUY',
  order_type: 'LIMIT',
  product: 'MIS',
  variety: 'amo',
  validity: 'DAY',
  quantity: 65,
  price: 118,
  trigger_price: 0,
  average_price: 0,
  filled_quantity: 0,
  pending_quantity: 65,
  cancelled_quantity: 0,
  status: 'OPEN',
  status_message: null,
  status_message_i18n: null,
  tag: null,
  order_timestamp: '2026-11-20T12:30:00.000Z',
  exchange_timestamp: null,
  modifications: 0,
  broker_status: 'AMO REQ RECEIVED',
};

const misRefused: Order = {
  ...base,
  variety: 'regular',
  status: 'REJECTED',
  pending_quantity: 0,
  cancelled_quantity: 65,
  broker_status: null,
  status_message:
    'Intraday (MIS) orders are closed for today: from 15:25 IST the broker squares MIS positions off and takes no fresh MIS orders until the next session. Place it as NRML (overnight), or as MIS in the next session.',
  status_message_i18n: { code: 'order.mis_cut_off', params: { time: '15:25' } },
};

function Sentence({ order }: { order: Order }) {
  return <p>{useOrderSentence()(order)}</p>;
}

const renderIn = (locale: 'en' | 'fr', order: Order) =>
  render(
    <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : {}}>
      <Sentence order={order} />
    </IntlProvider>,
  );

describe('the ticket outcome', () => {
  it('says an after-market order is held until the next open, in English and French', () => {
    renderIn('en', base);
    expect(screen.getByText(/after-market order \(AMO\), held by the broker and sent to the exchange at the next open \(09:15 IST\)/)).toBeTruthy();
    renderIn('fr', base);
    expect(screen.getByText(/ordre hors séance \(AMO\), conservé par le courtier et envoyé à la bourse à la prochaine ouverture/)).toBeTruthy();
  });

  it('says why an MIS order is refused after the cut-off, in English and French', () => {
    renderIn('en', misRefused);
    expect(screen.getByText(/rejected\. Intraday \(MIS\) orders are closed for today: from 15:25 IST/)).toBeTruthy();
    renderIn('fr', misRefused);
    expect(screen.getByText(/rejeté\. Les ordres intrajournaliers \(MIS\) sont fermés pour aujourd’hui : dès 15:25 IST/)).toBeTruthy();
  });

  it('says a released AMO is open like any order', () => {
    renderIn('en', { ...base, exchange_order_id: '1100000000000123', broker_status: null });
    expect(screen.getByText(/open, waiting at/)).toBeTruthy();
  });
});
