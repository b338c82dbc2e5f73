// What the builder says when a preset or a leg lacks a price: wait, while it is on its way; or, when the account's
// broker does not stream the contract (issue 64: a Dhan account's second expiry), that it never will be priced,
// naming the contracts as a trader reads them, with no retry suggested.
import type { IntlShape } from 'react-intl';
import type { Locale } from '@/i18n/locale';
import { contractName } from '@/lib/format/contract-name';
import { builderMessages, unstreamedText } from '@/app/strategy-builder/builder-messages';
import type { BuilderMarket } from '@/app/strategy-builder/use-builder-market';
import type { MissingQuoteError } from '@/app/strategy-builder/use-builder-legs';

export function missingQuoteText(intl: IntlShape, locale: Locale, error: MissingQuoteError, unstreamed: BuilderMarket['unstreamed']): string {
  const never = unstreamed === null ? [] : error.contracts.filter((contract) => unstreamed.instruments.has(contract.instrument));
  if (unstreamed === null || never.length === 0) return intl.formatMessage(builderMessages.waitPrices);
  const contracts = intl.formatList(never.map((contract) => contractName(contract, locale)), { type: 'conjunction' });
  return intl.formatMessage(unstreamedText, { broker: unstreamed.broker, contracts, count: never.length });
}
