// The price strip names a paper account's feed by its broker's brand ("Prices: Shoonya · FA1234 (live)"), never
// by the server's slug: every live broker the app knows has one.
import { describe, expect, it } from 'vitest';
import { knownBrokerSlugs } from '@/features/brokers/broker-names';
import { feedBrokerName } from '@/lib/trading/price-source';

describe('a feed broker’s name', () => {
  it('is the brand of each live broker the app knows', () => {
    const live = knownBrokerSlugs.filter((slug) => slug !== 'paper');
    expect(live.map(feedBrokerName)).toEqual(['Kite', 'Upstox', 'Dhan', 'Shoonya', 'Flattrade']);
  });

  it('is the slug of a broker the app does not know yet', () => {
    expect(feedBrokerName('newbroker')).toBe('newbroker');
  });
});
