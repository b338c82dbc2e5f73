/**
 * What a trader reads of the server's strategy parameters, in their language (the strategies' names and
 * descriptions are in i18n/strategy-messages.ts): parameter titles and hints, and enum options, looked up by slug and key in the app's catalogue. What the
 * app does not know yet (a strategy or parameter added on the server) shows the server's own text, so a
 * new strategy still renders.
 */
import type { IntlShape, MessageDescriptor } from 'react-intl';
import { readableKey, type ParamField } from '@/features/portfolios/model/param-schema';
import {
  optionLabels,
  paramHints,
  paramTitles,
  strategyParamHints,
} from '@/features/portfolios/strategy-text/param-messages';
import { strategyNames } from '@/i18n/strategy-messages';

type Table = Readonly<Record<string, MessageDescriptor>>;

/** Own keys only: a slug such as "constructor" must not find Object.prototype's. */
function lookup(table: Table, key: string): MessageDescriptor | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

// Keys some strategy describes its own way: for a strategy the app does not know, the server's wording of
// such a key is more likely right than the app's general one.
const wordedPerStrategy = new Set(Object.keys(strategyParamHints).map((key) => key.slice(key.indexOf('.') + 1)));

function hintOf(field: ParamField, slug: string | undefined, intl: IntlShape): string | undefined {
  const own = slug === undefined ? undefined : lookup(strategyParamHints, `${slug}.${field.key}`);
  if (own) return intl.formatMessage(own);
  const knownStrategy = slug !== undefined && lookup(strategyNames, slug) !== undefined;
  const general = lookup(paramHints, field.key);
  if (general && (knownStrategy || !wordedPerStrategy.has(field.key))) return intl.formatMessage(general);
  return field.hint;
}

function optionLabel(key: string, option: string | number, intl: IntlShape): string {
  const message = lookup(optionLabels, `${key}.${String(option)}`);
  if (message) return intl.formatMessage(message);
  return typeof option === 'number' ? intl.formatNumber(option) : readableKey(option);
}

/** The fields with their labels, hints and options in the trader's language. */
export function localiseParams(fields: readonly ParamField[], slug: string | undefined, intl: IntlShape): ParamField[] {
  return fields.map((field) => {
    const title = lookup(paramTitles, field.key);
    const localised = { ...field, label: title ? intl.formatMessage(title) : field.label, hint: hintOf(field, slug, intl) };
    if (localised.kind !== 'enum') return localised;
    return { ...localised, optionLabels: localised.options.map((option) => optionLabel(field.key, option, intl)) };
  });
}
