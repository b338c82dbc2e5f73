import { defineMessages, useIntl } from 'react-intl';
import type { Broker } from '@/features/brokers/api/broker-types';
import { brokerName } from '@/features/brokers/broker-names';
import { accountFieldMessages } from '@/features/brokers/components/account-form-schema';
import { SelectField } from '@/components/ui/select-field';
import type { FieldProps } from '@/lib/validation/use-form-validation';

const messages = defineMessages({
  locked: { id: 'brokers.field.brokerLocked', defaultMessage: 'The broker cannot change; link a new account instead.' },
});

type BrokerFieldProps = FieldProps & {
  brokers: readonly Broker[];
  /** On edit: the broker is shown but cannot change (the contract's BrokerAccountUpdate has no broker). */
  locked: boolean;
};

export function BrokerField({ brokers, locked, ...props }: BrokerFieldProps) {
  const intl = useIntl();
  const known = brokers.some((broker) => broker.name === props.value);
  return (
    <SelectField
      label={intl.formatMessage(accountFieldMessages.broker)}
      hint={locked ? intl.formatMessage(messages.locked) : undefined}
      required={!locked}
      disabled={locked}
      {...props}
    >
      {brokers.map((broker) => (
        <option key={broker.id} value={broker.name}>
          {brokerName(broker.name, brokers, intl)}
        </option>
      ))}
      {known ? null : <option value={props.value}>{props.value}</option>}
    </SelectField>
  );
}
