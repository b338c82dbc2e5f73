import { useRef, useState, type FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import type { Broker, BrokerAccount } from '@/features/brokers/api/broker-types';
import { BrokerField } from '@/features/brokers/components/broker-field';
import {
  accountFieldMessages as m,
  changesFrom,
  emptyValues,
  schemaFor,
  valuesOf,
  type AccountValues,
} from '@/features/brokers/components/account-form-schema';
import { GenerateKeys } from '@/features/brokers/components/generate-keys';
import { BrokerConsole } from '@/features/brokers/components/broker-console';
import { liveBrokerWords } from '@/features/brokers/live-broker-words';
import { brokersMessages } from '@/features/brokers/brokers-messages';
import { useFormRejection } from '@/features/brokers/hooks/use-form-rejection';
import { useSaveAccount } from '@/features/brokers/hooks/use-save-account';
import { commonMessages } from '@/i18n/common-messages';
import { useFormValidation } from '@/lib/validation/use-form-validation';

const messages = defineMessages({
  save: { id: 'brokers.saveAccount', defaultMessage: 'Save changes' },
});

type AccountFormProps = {
  /** The account to edit; without it, the form links a new one. */
  account?: BrokerAccount;
  brokers: readonly Broker[];
  onSaved: () => void;
  onCancel: () => void;
};

export function AccountForm({ account, brokers, onSaved, onCancel }: AccountFormProps) {
  const intl = useIntl();
  const text = intl.formatMessage;
  const formRef = useRef<HTMLFormElement>(null);
  const [initial] = useState(() => (account ? valuesOf(account) : emptyValues(brokers[0]?.name ?? '')));
  // The broker chosen decides the rules (a Kite account's number is its Zerodha client ID), so it is known
  // before the form's own state, which reads them.
  const [broker, setBroker] = useState(initial.broker);
  const form = useFormValidation<AccountValues>(schemaFor(broker, account !== undefined), initial);
  const live = liveBrokerWords(broker);
  const { save, loading, error } = useSaveAccount(account);
  const rejection = useFormRejection(error, form.values, formRef);
  const changed = !account || Object.keys(changesFrom(form.values, account)).length > 0;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading || !changed || !form.validateAll()) return;
    rejection.markSent(form.values);
    if (await save(form.values)) onSaved();
  };

  const field = (name: keyof AccountValues) => {
    const props = form.fieldProps(name);
    return { ...props, error: rejection.fieldError(name) ?? props.error };
  };

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void handleSubmit(event)} className="flex flex-col gap-3">
      <FormError>{rejection.banner}</FormError>
      <BrokerField
        brokers={brokers}
        locked={account !== undefined}
        {...field('broker')}
        onChange={(event) => {
          setBroker(event.currentTarget.value);
          form.fieldProps('broker').onChange(event);
        }}
      />
      <TextField label={text(m.name)} hint={text(m.nameHint)} autoComplete="off" required data-autofocus {...field('name')} />
      <TextField
        label={text(live ? live.clientId : m.accountNumber)}
        hint={text(live ? live.clientIdHint : m.accountNumberHint)}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        required
        {...field('account_number')}
      />
      {live && <BrokerConsole broker={broker} words={live} />}
      <GenerateKeys
        broker={form.values.broker}
        onGenerate={(keys) => {
          form.setField('api_key', keys.api_key);
          form.setField('api_secret', keys.api_secret);
        }}
      />
      <TextField label={text(m.apiKey)} autoComplete="off" spellCheck={false} required {...field('api_key')} />
      <PasswordField
        label={text(m.apiSecret)}
        hint={text(account ? m.apiSecretKeep : m.apiSecretHint)}
        autoComplete="new-password"
        required={!account}
        {...field('api_secret')}
      />
      <TextField label={text(m.capital)} hint={text(m.capitalHint)} inputMode="decimal" autoComplete="off" required {...field('capital')} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={loading}>
          {text(commonMessages.cancel)}
        </Button>
        <Button type="submit" busy={loading} disabled={!changed}>
          {text(account ? messages.save : brokersMessages.addAccount)}
        </Button>
      </div>
    </form>
  );
}
