// The payoff panel as a trader reads it: figures from the maths (unlimited where it is), the crosshair
// reading the same P&L as pnlAtPrice by keyboard, breakevens marked, and the IV slider redrawing the
// "today" line on the next frame while the expiry line stays put.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { marketAssumptions } from '@quant/market-assumptions.ts';
import { pnlAtPrice } from '@quant/payoff.ts';
import { summariseStrategy } from '@quant/strategy.ts';
import type { StrategyLeg } from '@quant/strategy-legs.ts';
import { StrategyPayoff } from '@/features/strategies/components/strategy-payoff';
import { withConstantPnl } from '@/features/strategies/model/constant-pnl';
import { withoutIsolates } from '@/lib/format/isolate';
import { expiryMs, ironCondor, nowMs, spot } from './strategy-fixtures';

const renderPayoff = (legs: readonly StrategyLeg[], extra: { realised?: number; atmVolatility?: number } = {}) =>
  render(
    <IntlProvider locale="en-IN" defaultLocale="en-IN" onError={() => undefined}>
      <StrategyPayoff legs={legs} spot={spot} nowMs={nowMs} {...extra} />
    </IntlProvider>,
  );

const figure = (name: string) => withoutIsolates(screen.getByTestId(name).querySelector('dd')?.textContent ?? '');
const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

const straddle: StrategyLeg[] = [
  { side: 'SELL', kind: 'CE', strike: 26_050, lots: 1, lotSize: 65, expiryMs, entryPrice: 150, volatility: 0.13, enabled: true },
  { side: 'SELL', kind: 'PE', strike: 26_050, lots: 1, lotSize: 65, expiryMs, entryPrice: 140, volatility: 0.13, enabled: true },
];

describe('figures', () => {
  it('say "Unlimited" for a short straddle’s loss and give its two breakevens and its credit', () => {
    renderPayoff(straddle);
    expect(figure('max-loss')).toBe('Unlimited');
    expect(figure('max-profit')).toBe('+₹18,850.00');
    // 26,050 ± 290 of premium.
    expect(figure('breakevens')).toBe('25,760 and 26,340');
    expect(figure('net-premium')).toBe('₹18,850.00 receivedSold for ₹18,850.00, bought for ₹0.00');
    expect(figure('reward-risk')).toBe('Not applicable');
  });

  it('give an iron condor a capped loss, its reward to risk and the probability under the stated model', () => {
    const legs = ironCondor();
    renderPayoff(legs);
    const summary = summariseStrategy(legs, { spot, nowMs, atMs: nowMs, rate: marketAssumptions.rate, volatilityShift: 0 });
    expect(figure('max-loss')).not.toBe('Unlimited');
    expect(figure('max-loss').startsWith('-₹')).toBe(true);
    const reward = summary.atExpiry.rewardToRisk;
    if (typeof reward !== 'number') throw new Error('an iron condor has a finite reward to risk');
    expect(figure('reward-risk')).toBe(`${Number(reward.toFixed(2)).toString()} : 1`);
    expect(figure('probability')).toBe(`${(Math.round((summary.probabilityOfProfit ?? 0) * 1000) / 10).toString()}%`);
    expect(screen.getByText(/Lognormal at the implied volatility of the leg nearest the money \(\u2068?13%\u2069?;/)).toBeTruthy();
    expect(screen.getAllByTestId('breakeven-mark')).toHaveLength(2);
  });

  it('take the probability of profit at the expiry’s at-the-money IV from the chain, not at a short wing’s, and say so', () => {
    // On the smile the condor's short wings are priced away from the at-the-money level: the call wing,
    // nearest the money, at 11 %, the put wing at 14 %; the chain's at-the-money IV is 12.5 %.
    const legs = ironCondor().map((leg) => ({ ...leg, volatility: leg.kind === 'CE' ? 0.11 : 0.14 }));
    const scenario = { spot, nowMs, atMs: nowMs, rate: marketAssumptions.rate, volatilityShift: 0 };
    const atAtm = summariseStrategy(legs, { ...scenario, probabilityVolatility: 0.125 }).probabilityOfProfit ?? 0;
    const atWing = summariseStrategy(legs, scenario).probabilityOfProfit ?? 0;
    expect(Math.abs(atAtm - atWing)).toBeGreaterThan(0.005);
    renderPayoff(legs, { atmVolatility: 0.125 });
    expect(figure('probability')).toBe(`${(Math.round(atAtm * 1000) / 10).toString()}%`);
    expect(screen.getByText(/at-the-money implied volatility of the nearest expiry \(\u2068?12\.5%\u2069?, from its option chain\)/)).toBeTruthy();
  });

  it('leave a switched-off leg out of every figure', () => {
    const [call, put] = straddle;
    renderPayoff([call!, { ...put!, enabled: false }]);
    expect(figure('breakevens')).toBe('26,200');
    expect(figure('max-profit')).toBe('+₹9,750.00');
  });

  it('include a live book’s realised P&L in the lines and the maximum profit', () => {
    renderPayoff(withConstantPnl(straddle, 1000), { realised: 1000 });
    expect(figure('max-profit')).toBe('+₹19,850.00');
    expect(figure('realised')).toBe('+₹1,000.00');
    expect(screen.queryByTestId('net-premium')).toBeNull();
  });
});

describe('chart', () => {
  it('reads the P&L at the crosshair with the keyboard, as pnlAtPrice computes it', () => {
    const legs = ironCondor();
    renderPayoff(legs);
    const crosshair = screen.getByRole('slider', { name: /Crosshair price/ });
    const text = () => withoutIsolates(screen.getByTestId('crosshair-reading').textContent ?? '');
    fireEvent.keyDown(crosshair, { key: 'End' });
    const top = Number(crosshair.getAttribute('aria-valuenow'));
    // Far above the calls the condor loses its maximum, at expiry and (nearly) today.
    const expected = pnlAtPrice(legs, { atMs: nowMs, rate: marketAssumptions.rate, volatilityShift: 0 }, top);
    const rupees = (value: number) => `${value < 0 ? '-' : '+'}₹${Math.abs(Math.round(value)).toLocaleString('en-IN')}`;
    expect(text()).toBe(`At ${top.toLocaleString('en-IN')}: ${rupees(expected.atExpiry)} at expiry, ${rupees(expected.onDate)} on the chosen date`);
    fireEvent.keyDown(crosshair, { key: 'ArrowLeft' });
    expect(Number(crosshair.getAttribute('aria-valuenow'))).toBeLessThan(top);
    expect(crosshair.getAttribute('aria-valuetext')).toBe(screen.getByTestId('crosshair-reading').textContent);
  });

  it('redraws the today line on the next frame when the IV slider moves, and leaves the expiry line', async () => {
    renderPayoff(ironCondor());
    const today = () => screen.getByTestId('today-line').getAttribute('d');
    const expiry = () => screen.getByTestId('expiry-line').getAttribute('d');
    const before = { today: today(), expiry: expiry() };
    fireEvent.change(screen.getByLabelText('Implied volatility shift'), { target: { value: '0.1' } });
    await nextFrame();
    expect(today()).not.toBe(before.today);
    expect(expiry()).toBe(before.expiry);
    expect(within(screen.getByRole('region', { name: 'Payoff' })).getByText(/\+10\u2069? points/)).toBeTruthy();
  });

  it('meets the expiry line when the days slider reaches expiry', async () => {
    renderPayoff(ironCondor());
    fireEvent.change(screen.getByLabelText('Days to expiry (the dashed line)'), { target: { value: '0' } });
    await nextFrame();
    expect(screen.getByTestId('today-line').getAttribute('d')).toBe(screen.getByTestId('expiry-line').getAttribute('d'));
  });
});

describe('order lines', () => {
  it('label a working stop-loss and target on the chart, each in its colour, and say in the legend what each line is', () => {
    render(
      <IntlProvider locale="en-IN" defaultLocale="en-IN" onError={() => undefined}>
        <StrategyPayoff
          legs={straddle}
          spot={spot}
          nowMs={nowMs}
          markers={[
            { price: spot + 300, kind: 'stopLoss', label: 'SL-M buy 65 at ₹210' },
            { price: spot - 200, kind: 'target', label: 'Buy 65 at ₹90' },
          ]}
        />
      </IntlProvider>,
    );
    const stop = screen.getByTestId('marker-stopLoss');
    const target = screen.getByTestId('marker-target');
    expect(within(stop).getByTestId('marker-label').textContent).toBe('Stop-loss');
    expect(within(target).getByTestId('marker-label').textContent).toBe('Target');
    expect(stop.querySelector('line')?.getAttribute('class')).toContain('stroke-loss');
    expect(target.querySelector('line')?.getAttribute('class')).toContain('stroke-profit');
    expect(stop.querySelector('title')?.textContent).toBe('SL-M buy 65 at ₹210');
    expect(screen.getByText('Stop-loss: the index level where it triggers')).toBeTruthy();
    expect(screen.getByText('Target: the index level where it fills')).toBeTruthy();
  });
});
