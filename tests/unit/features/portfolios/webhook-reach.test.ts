import { describe, expect, it } from 'vitest';
import { takesInternetAlerts } from '@/features/portfolios/model/webhook-reach';

describe('takesInternetAlerts', () => {
  it('is true only for public HTTPS on the default port', () => {
    expect(takesInternetAlerts('https://trade.example.in')).toBe(true);
    expect(takesInternetAlerts('https://trade.example.in:443')).toBe(true);
    expect(takesInternetAlerts('https://203.0.113.7')).toBe(true);
  });

  it('is false for what TradingView and ChartInk cannot reach, or not safely', () => {
    for (const origin of [
      'http://127.0.0.1:8080',
      'http://trade.example.in',
      'https://trade.example.in:8443',
      'https://localhost',
      'https://strikedesk',
      'https://desk.local',
      'https://127.0.0.1',
      'https://10.1.2.3',
      'https://172.20.0.5',
      'https://192.168.1.5',
      'https://169.254.1.1',
      'https://100.100.1.1',
      'https://[::1]',
      'https://[fd12::1]',
      'https://[fe80::1]',
    ]) {
      expect(takesInternetAlerts(origin), origin).toBe(false);
    }
    // The edges of the private ranges are public on either side.
    expect(takesInternetAlerts('https://172.32.0.1')).toBe(true);
    expect(takesInternetAlerts('https://100.128.0.1')).toBe(true);
  });
});
