import { defineMessages } from 'react-intl';
import {
  ACCOUNT_NUMBER_PATTERN,
  MAX_ACCOUNT_NAME,
  MAX_API_KEY,
  MAX_API_SECRET,
  MAX_CAPITAL,
  type BrokerAccount,
  type BrokerAccountCreate,
  type BrokerAccountUpdate,
} from '@/features/brokers/api/broker-types';
import { liveBrokerWords } from '@/features/brokers/live-broker-words';
import { toNumber } from '@/lib/validation/coerce';
import type { FieldSchema, FormSchema } from '@/lib/validation/rules';

export const accountFieldMessages = defineMessages({
  broker: { id: 'brokers.field.broker', defaultMessage: 'Broker' },
  name: { id: 'brokers.field.name', defaultMessage: 'Account name' },
  nameHint: { id: 'brokers.field.nameHint', defaultMessage: 'Your own label, e.g. “Main account”.' },
  accountNumber: { id: 'brokers.field.accountNumber', defaultMessage: 'Account number' },
  accountNumberHint: { id: 'brokers.field.accountNumberHint', defaultMessage: 'Your client ID at the broker, e.g. PA1234.' },
  accountNumberFormat: {
    id: 'brokers.field.accountNumberFormat',
    defaultMessage: '{label} must be 2 to 32 letters, digits, hyphens or underscores',
  },
  apiKey: { id: 'brokers.field.apiKey', defaultMessage: 'API key' },
  apiSecret: { id: 'brokers.field.apiSecret', defaultMessage: 'API secret' },
  apiSecretHint: { id: 'brokers.field.apiSecretHint', defaultMessage: 'Stored encrypted; it is never shown again.' },
  apiSecretKeep: { id: 'brokers.field.apiSecretKeep', defaultMessage: 'Leave blank to keep the current secret.' },
  capital: { id: 'brokers.field.capital', defaultMessage: 'Capital (₹)' },
  capitalHint: { id: 'brokers.field.capitalHint', defaultMessage: 'What your portfolios under this account may use, in rupees.' },
});

const m = accountFieldMessages;

/** What the form holds: everything as typed, so a half-typed amount is never lost. */
export type AccountValues = {
  broker: string;
  name: string;
  account_number: string;
  api_key: string;
  api_secret: string;
  capital: string;
};

const common = {
  name: { label: m.name, rules: [{ kind: 'required' }, { kind: 'whitespace' }, { kind: 'length', max: MAX_ACCOUNT_NAME }] },
  account_number: {
    label: m.accountNumber,
    rules: [{ kind: 'required' }, { kind: 'pattern', pattern: ACCOUNT_NUMBER_PATTERN, message: m.accountNumberFormat }],
  },
  api_key: { label: m.apiKey, rules: [{ kind: 'required' }, { kind: 'whitespace' }, { kind: 'length', max: MAX_API_KEY }] },
  capital: {
    label: m.capital,
    rules: [{ kind: 'required' }, { kind: 'type', type: 'number' }, { kind: 'range', min: 0, max: MAX_CAPITAL }],
  },
} satisfies Record<string, FieldSchema>;

// The contract's bounds (BrokerAccountCreate / BrokerAccountUpdate); the secret is optional on edit.
export const createSchema: FormSchema<AccountValues> = {
  broker: { label: m.broker, rules: [{ kind: 'required' }] },
  ...common,
  api_secret: {
    label: m.apiSecret,
    rules: [{ kind: 'required' }, { kind: 'whitespace' }, { kind: 'length', max: MAX_API_SECRET }],
  },
};

export const editSchema: FormSchema<AccountValues> = {
  ...common,
  api_secret: { label: m.apiSecret, rules: [{ kind: 'length', max: MAX_API_SECRET }] },
};

// A live account's number is its client ID at the broker (Zerodha's client ID, Upstox's UCC), and its errors
// name it so. Each broker's schemas are made once, so validation is not redone each render.
const liveSchemas = new Map<string, { create: FormSchema<AccountValues>; edit: FormSchema<AccountValues> }>();

/** The rules for linking (or editing) an account of `broker`. */
export function schemaFor(broker: string, editing: boolean): FormSchema<AccountValues> {
  const words = liveBrokerWords(broker);
  if (words === null) return editing ? editSchema : createSchema;
  let schemas = liveSchemas.get(broker);
  if (schemas === undefined) {
    const clientId = { ...common.account_number, label: words.clientId };
    schemas = { create: { ...createSchema, account_number: clientId }, edit: { ...editSchema, account_number: clientId } };
    liveSchemas.set(broker, schemas);
  }
  return editing ? schemas.edit : schemas.create;
}

export function valuesOf(account: BrokerAccount): AccountValues {
  const { broker, name, account_number, api_key, capital } = account;
  return { broker, name, account_number, api_key, api_secret: '', capital: String(capital) };
}

export function emptyValues(broker: string): AccountValues {
  return { broker, name: '', account_number: '', api_key: '', api_secret: '', capital: '' };
}

/** The create body, or null while the capital is not a number (validation says why). */
export function toCreate(values: AccountValues): BrokerAccountCreate | null {
  const capital = toNumber(values.capital);
  if (capital === null) return null;
  return {
    broker: values.broker,
    name: values.name.trim(),
    account_number: values.account_number.trim(),
    api_key: values.api_key.trim(),
    api_secret: values.api_secret.trim(),
    capital,
  };
}

/** Only what differs from the saved account; the secret only when one was typed (it is write-only). */
export function changesFrom(values: AccountValues, saved: BrokerAccount): BrokerAccountUpdate {
  const changes: BrokerAccountUpdate = {};
  const name = values.name.trim();
  const accountNumber = values.account_number.trim();
  const apiKey = values.api_key.trim();
  const secret = values.api_secret.trim();
  const capital = toNumber(values.capital);
  if (name !== saved.name) changes.name = name;
  if (accountNumber !== saved.account_number) changes.account_number = accountNumber;
  if (apiKey !== saved.api_key) changes.api_key = apiKey;
  if (secret !== '') changes.api_secret = secret;
  // An unreadable amount counts as a change, so that submitting shows why it cannot be saved.
  if (capital === null || capital !== saved.capital) changes.capital = capital ?? Number.NaN;
  return changes;
}
