// @vitest-environment node
// Every broker the server ships has a name in the app's catalogues, so none shows the server's English
// display name (or its slug) to a French trader.
import { describe, expect, it } from 'vitest';
import { knownBrokerSlugs } from '@/features/brokers/broker-names';
import { frMessages } from '@/i18n/locales/fr/index';
import { paperSlug } from '../../../server/services/brokers/paper/paper-broker.ts';

describe('broker names', () => {
  it('cover every broker the server ships, in English and French', () => {
    // kite: issue 22's Zerodha adapter (its server module is being built beside this PWA work).
    for (const slug of [paperSlug, 'kite']) {
      expect(knownBrokerSlugs).toContain(slug);
      expect(frMessages[`brokers.name.${slug}`]).toBeTruthy();
      expect(frMessages[`brokers.loggedIn.${slug}`]).toBeTruthy();
    }
  });
});
