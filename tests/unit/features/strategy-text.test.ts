// @vitest-environment node
// The app's words for the server's strategy catalogue: every strategy, parameter and option the server
// ships has English and French text here, English the same as the server's names, so a renamed or new
// strategy on the server fails this test instead of showing English in a French form. What the app does
// not know yet falls back to the server's text.
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { paramFields, type ParamField } from '@/features/portfolios/model/param-schema';
import { localiseParams } from '@/features/portfolios/strategy-text/strategy-text';
import { strategyDescription, strategyName } from '@/i18n/strategy-messages';
import { frMessages } from '@/i18n/locales/fr/index';
import { baseStrategyCatalogue } from '../../../server/services/strategies/catalogue.ts';

const en = createIntl({ locale: 'en', defaultLocale: 'en', onError: () => {} });
// A missing French message would quietly fall back to English; here it throws.
const fr = createIntl({
  locale: 'fr',
  defaultLocale: 'en',
  messages: frMessages,
  onError: (error) => {
    throw error;
  },
});

type Served = { title?: string; description?: string; enum?: unknown[] };

describe.each(baseStrategyCatalogue.map((entry) => [entry.slug, entry] as const))('the %s strategy', (slug, entry) => {
  const strategy = { slug, name: entry.name, description: entry.description };
  const properties = entry.parameters.properties as Record<string, Served>;

  it('has its name in English (as the server names it) and in French', () => {
    expect(strategyName(strategy, en)).toBe(entry.name);
    // The French catalogue throws on a missing message, so this reads the French entry or fails.
    expect(strategyName(strategy, fr)).toBeTruthy();
    expect(strategyDescription(strategy, fr)).not.toBe(entry.description);
  });

  it('has every parameter’s title, description and options in both languages', () => {
    const fields = paramFields(entry.parameters);
    expect(fields.map((field) => field.key)).toEqual(Object.keys(properties));
    const english = localiseParams(fields, slug, en);
    const french = localiseParams(fields, slug, fr);
    english.forEach((field: ParamField, index) => {
      const served = properties[field.key];
      expect(field.label, `${slug}.${field.key}`).toBe(served?.title);
      expect(field.hint, `${slug}.${field.key}`).toBeTruthy();
      expect(french[index]?.hint, `${slug}.${field.key} in French`).not.toBe(served?.description);
      const frenchField = french[index];
      if (field.kind === 'enum' && frenchField?.kind === 'enum') {
        // Options read as words, never as the server's slugs (same_strike, new_atm).
        for (const label of [...(field.optionLabels ?? []), ...(frenchField.optionLabels ?? [])]) {
          expect(label).not.toMatch(/_/);
        }
      }
    });
  });
});

describe('a strategy the app does not know yet', () => {
  const calendar = {
    slug: 'calendar_spread',
    name: 'Calendar spread',
    description: 'Sell the near expiry, buy the next one.',
    parameters: {
      type: 'object',
      properties: {
        strike_offset: { type: 'integer', title: 'Strike offset (steps)', description: 'Strike of both legs, from at-the-money.' },
        roll_day: { type: 'string', title: 'Roll on', description: 'When to roll.', enum: ['expiry_eve', 'expiry_day'] },
        trailing_sl: { type: 'boolean', title: 'Trailing stop-loss', description: 'The server’s words.' },
      },
    },
  };

  it('shows the server’s name, description and new parameters, and the app’s words for parameters it knows', () => {
    expect(strategyName(calendar, fr)).toBe('Calendar spread');
    expect(strategyDescription(calendar, fr)).toBe('Sell the near expiry, buy the next one.');
    const [offset, roll, trailing] = localiseParams(paramFields(calendar.parameters), calendar.slug, fr);
    expect(offset?.label).toBe('Décalage de strike (pas)');
    // Strategies word the strike offset their own way: an unknown one keeps the server's wording.
    expect(offset?.hint).toBe('Strike of both legs, from at-the-money.');
    expect(roll?.label).toBe('Roll on');
    expect(roll?.kind === 'enum' ? roll.optionLabels : []).toEqual(['Expiry eve', 'Expiry day']);
    expect(trailing?.label).toBe('Stop-loss suiveur');
    expect(trailing?.hint).toBe('Sécuriser le gain : une fois le seuil de gain atteint, le stop-loss le suit à la hausse.');
  });

  it('cannot find a message through an inherited key', () => {
    expect(strategyName({ slug: 'constructor', name: 'Server name', description: '' }, en)).toBe('Server name');
  });
});
