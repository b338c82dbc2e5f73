// The alert payload (webhook-payload.ts): TradingView's JSON read strictly, ChartInk's fixed body understood.
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../server/services/domain-error.ts';
import { parseAlert } from '../../../server/services/bots/webhooks/webhook-payload.ts';

const day = '2026-11-23';

const refusal = (body: unknown) => {
  try {
    parseAlert(body, day);
  } catch (error) {
    if (error instanceof DomainError) return [error.code, error.field];
    throw error;
  }
  return null;
};

describe('an alert payload', () => {
  it('reads legs around the money and by tradingsymbol, sides, lots, limit prices and TradingView placeholders as they arrive', () => {
    expect(
      parseAlert({
        action: 'BUY',
        alert_id: 'NIFTY-2026-11-27T09:31:00Z',
        timestamp: '2026-11-27T09:31:00Z',
        lots: '2',
        expiry: 'next_weekly',
        legs: [
          { strike: 'atm-3', option_type: 'pe', side: 'sell', limit_price: '42.05' },
          { tradingsymbol: 'NIFTY26D0126000CE', lots: 1 },
        ],
      }, day),
    ).toEqual({
      action: 'buy',
      alertId: 'NIFTY-2026-11-27T09:31:00Z',
      sentAt: new Date('2026-11-27T09:31:00Z'),
      lots: 2,
      expiry: 'next_weekly',
      legs: [
        { kind: 'around_atm', optionType: 'PE', offset: -3, side: 'SELL', lots: null, limitPaise: 4205 },
        { kind: 'symbol', tradingsymbol: 'NIFTY26D0126000CE', side: null, lots: 1, limitPaise: null },
      ],
      stocks: [],
      chartink: false,
    });
    expect(parseAlert({ action: 'exit', timestamp: 1795770000 }, day).sentAt).toEqual(new Date(1795770000 * 1000));
  });

  it("takes ChartInk's own body: the alert's name starts with the action, its trigger time on the day it arrived makes the alert id", () => {
    const chartink = {
      stocks: 'NIFTY',
      trigger_prices: '26012.5',
      triggered_at: '2:34 pm',
      scan_name: 'Breakout',
      scan_url: 'breakout',
      alert_name: 'Enter NIFTY breakout',
      webhook_url: 'https://desk.example/api/webhooks/x/',
    };
    expect(parseAlert(chartink, day)).toEqual({ action: 'enter', alertId: 'Enter NIFTY breakout@2:34 pm 2026-11-23', sentAt: null, lots: null, expiry: null, legs: [], stocks: ['NIFTY'], chartink: true });
    // The same scan at the same time tomorrow is another alert; a long name still makes an id of 64 characters at most.
    expect(parseAlert(chartink, '2026-11-24').alertId).toBe('Enter NIFTY breakout@2:34 pm 2026-11-24');
    expect(parseAlert({ ...chartink, alert_name: `enter ${'x'.repeat(80)}`, triggered_at: '10:15 am, some day' }, day).alertId).toHaveLength(64);
    expect(refusal({ ...chartink, alert_name: 'NIFTY breakout' })).toEqual(['validation_failed', 'alert_name']);
  });

  it('refuses what it cannot read, naming the field', () => {
    expect(refusal([])).toEqual(['validation_failed', 'body']);
    expect(refusal({ action: 'enter', size: 1 })).toEqual(['validation_failed', 'size']);
    expect(refusal({ action: 'enter', legs: [{ strike: 'ATM+100', option_type: 'CE' }] })).toEqual(['validation_failed', 'legs.0.strike']);
    expect(refusal({ action: 'enter', legs: [{ strike: 'ATM', option_type: 'FUT' }] })).toEqual(['validation_failed', 'legs.0.option_type']);
    expect(refusal({ action: 'enter', legs: [{ strike: 'ATM', option_type: 'CE', tradingsymbol: 'NIFTY26D0126000CE' }] })).toEqual(['validation_failed', 'legs.0.tradingsymbol']);
    expect(refusal({ action: 'enter', legs: [{ strike: 'ATM', option_type: 'CE', lots: 0 }] })).toEqual(['validation_failed', 'legs.0.lots']);
    expect(refusal({ action: 'enter', legs: [{ strike: 'ATM', option_type: 'CE', limit_price: -1 }] })).toEqual(['validation_failed', 'legs.0.limit_price']);
    expect(refusal({ action: 'enter', timestamp: 'yesterday' })).toEqual(['validation_failed', 'timestamp']);
    expect(refusal({ action: 'enter', alert_id: 'x'.repeat(65) })).toEqual(['validation_failed', 'alert_id']);
    expect(refusal({ action: 'enter', expiry: 'weekly' })).toEqual(['validation_failed', 'expiry']);
    const five = Array.from({ length: 5 }, () => ({ strike: 'ATM', option_type: 'CE' }));
    expect(refusal({ action: 'enter', legs: five })).toEqual(['alert_over_limit', 'legs']);
  });

  it('reads the stocks an alert names (issue 63): ChartInk\'s "RELIANCE, TCS", a list, TradingView\'s "NSE:" prefix, each once', () => {
    const scan = { stocks: 'reliance, TCS,M&M,RELIANCE', trigger_prices: '1170.3,2156,2796.2,1170.3', triggered_at: '10:05 am', scan_name: 'Breakout', scan_url: 'breakout', alert_name: 'buy breakout' };
    expect(parseAlert(scan, day)).toMatchObject({ action: 'buy', stocks: ['RELIANCE', 'TCS', 'M&M'], chartink: true });
    expect(parseAlert({ action: 'buy', stocks: ['NSE:BAJAJ-AUTO', 'TCS'] }, day).stocks).toEqual(['BAJAJ-AUTO', 'TCS']);
    expect(parseAlert({ action: 'buy', stocks: '' }, day).stocks).toEqual([]);
    expect(refusal({ action: 'buy', stocks: 'RELIANCE;TCS' })).toEqual(['validation_failed', 'stocks']);
    expect(refusal({ action: 'buy', stocks: [1] })).toEqual(['validation_failed', 'stocks']);
  });
});
