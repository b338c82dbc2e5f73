import { useIntl } from 'react-intl';
import type { BrokerAccount } from '@/features/portfolios/api/portfolio-types';
import { SelectField } from '@/components/ui/select-field';
import { accountOption, portfolioMessages as m } from '@/features/portfolios/portfolio-messages';

type AccountChooserProps = {
  accounts: readonly BrokerAccount[];
  account: BrokerAccount | null;
  onChoose: (id: number) => void;
};

/** Which broker account's portfolios are shown; the choice is remembered across reloads. */
export function AccountChooser({ accounts, account, onChoose }: AccountChooserProps) {
  const intl = useIntl();
  return (
    <SelectField
      label={intl.formatMessage(m.account)}
      name="account"
      value={account ? String(account.id) : ''}
      onChange={(event) => onChoose(Number(event.currentTarget.value))}
      className="sm:max-w-md"
    >
      {accounts.map((candidate) => (
        <option key={candidate.id} value={candidate.id}>
          {intl.formatMessage(accountOption, {
            name: candidate.name,
            number: candidate.account_number,
          })}
        </option>
      ))}
    </SelectField>
  );
}
