import { render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { components } from '@openapi/main';
import { PositionGroups } from '@/features/positions/components/position-groups';
import { frMessages } from '@/i18n/locales/fr/index';
import { plainText } from '../support/plain-text.ts';

type Schemas = components['schemas'];
type Position = Schemas['Position'];
type BotPositionGroup = Schemas['BotPositionGroup'];

const position = (tradingsymbol: string, over: Partial<Position> = {}): Position => ({
  tradingsymbol,
  exchange: 'NFO',
  instrument_token: 1,
  product: 'NRML',
  quantity: -75,
  average_price: 120,
  last_price: 100,
  buy_value: 0,
  sell_value: 9000,
  overnight_quantity: 0,
  buy_quantity: 0,
  buy_price: 0,
  sell_quantity: 75,
  sell_price: 120,
  day_buy_quantity: 0,
  day_sell_quantity: 75,
  close_price: 110,
  lot_size: 75,
  expiry: '2026-12-01',
  pnl: 1500,
  m2m: 1500,
  unrealised: 1500,
  realised: 0,
  charges: 40,
  charges_status: 'priced',
  net_pnl: 1460,
  portfolio_id: 21,
  priced: true,
  ...over,
});

const groups: BotPositionGroup[] = [
  {
    bot: { kind: 'daily', id: 41, name: 'Morning condor' },
    // Marked at 100 and 124: gross +1,500 and −300, net of ₹40 charges each +1,460 and −340.
    positions: [position('NIFTY26D0124000CE'), position('NIFTY26D0124000PE', { last_price: 124, pnl: -300, net_pnl: -340 })],
    pnl: 1200,
  },
  // Marked at 126: gross −450, net −490.
  { bot: { kind: 'trading', id: 31, name: 'Tuesday straddle' }, positions: [position('NIFTY26D0123500PE', { last_price: 126, pnl: -450, net_pnl: -490 })], pnl: -450 },
  { bot: null, positions: [position('BANKNIFTY26D0151000CE', { quantity: 0, pnl: 80 })], pnl: 80 },
];

function renderGroups(locale: 'en' | 'fr' = 'en', list = groups, live = new Map<string, { last_price: number; timestamp: string }>()) {
  return render(
    <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : undefined}>
      <PositionGroups groups={list} live={live} phone={false} renderActions={(p) => <button type="button">Square off {p.tradingsymbol}</button>} />
    </IntlProvider>,
  );
}

const section = (name: string) => screen.getByRole('region', { name });

describe('positions grouped by bot', () => {
  it('heads each group with the bot’s name, kind and net P&L, and the trader’s own orders apart', () => {
    renderGroups();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Morning condor', 'Tuesday straddle', 'Your own orders']);
    const condor = section('Morning condor');
    expect(within(condor).getByText('Daily bot')).toBeTruthy();
    expect(plainText(condor.querySelector('[data-field="group-pnl"]')?.textContent ?? '')).toBe('+₹1,120.00');
    const straddle = section('Tuesday straddle');
    expect(within(straddle).getByText('Trading bot')).toBeTruthy();
    expect(plainText(straddle.querySelector('[data-field="group-pnl"]')?.textContent ?? '')).toBe('-₹490.00');
    expect(straddle.querySelector('[data-field="group-pnl"]')?.className).toContain('text-loss');
    expect(within(section('Your own orders')).queryByText(/bot$/)).toBeNull();
  });

  it('heads a group with the total of its rows at the same live prices, never the server’s figure of an earlier read', () => {
    // The straddle's put ticks to 110: gross 9,000 − 75 × 110 = +750, net +710, in the row, its total and the header.
    renderGroups('en', groups, new Map([['NFO:NIFTY26D0123500PE', { last_price: 110, timestamp: '2026-11-24T05:00:00Z' }]]));
    const straddle = section('Tuesday straddle');
    expect(plainText(straddle.querySelector('[data-field="group-pnl"]')?.textContent ?? '')).toBe('+₹710.00');
    expect(plainText(straddle.querySelector('[data-field="net-pnl"]')?.textContent ?? '')).toBe('+₹710.00');
    expect(plainText(straddle.querySelector('[data-field="total-net-pnl"]')?.textContent ?? '')).toBe('+₹710.00');
  });

  it('keeps each group’s positions in its own table, with their actions', () => {
    renderGroups();
    const rows = (name: string) => within(section(name)).getAllByRole('row').map((row) => row.getAttribute('data-position')).filter(Boolean);
    expect(rows('Morning condor')).toEqual(['NIFTY26D0124000CE', 'NIFTY26D0124000PE']);
    expect(rows('Tuesday straddle')).toEqual(['NIFTY26D0123500PE']);
    expect(rows('Your own orders')).toEqual(['BANKNIFTY26D0151000CE']);
    expect(within(section('Tuesday straddle')).getByRole('button', { name: 'Square off NIFTY26D0123500PE' })).toBeTruthy();
  });

  it('reads in French, and says when there is nothing', () => {
    renderGroups('fr');
    expect(screen.getByRole('heading', { name: 'Vos propres ordres' })).toBeTruthy();
    expect(within(section('Morning condor')).getByText('Bot quotidien')).toBeTruthy();
    document.body.innerHTML = '';
    renderGroups('en', []);
    expect(screen.getByText('No positions today.')).toBeTruthy();
  });
});
