import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { stepText } from '@/app/getting-started/setup-messages';
import { AccountChoice } from '@/app/trading/account-choice';
import type { TradingDesk } from '@/app/trading/use-trading-desk';
import { SelectField } from '@/components/ui/select-field';

const messages = defineMessages({
  portfolio: { id: 'live-trade.portfolio', defaultMessage: 'Portfolio' },
  accountOnly: { id: 'live-trade.accountOnly', defaultMessage: 'No portfolio (account only)' },
  logIn: { id: 'live-trade.logIn', defaultMessage: 'Log in to the broker' },
});

/** The desk's account (paper or live, said) and the portfolio its orders belong to. */
export function DeskAccountFields({ desk }: { desk: TradingDesk }) {
  const intl = useIntl();
  return (
    <>
      <AccountChoice desk={desk} />
      <SelectField
        label={intl.formatMessage(messages.portfolio)}
        value={desk.portfolio?.id ?? ''}
        onChange={(event) => desk.choosePortfolio(event.target.value === '' ? null : Number(event.target.value))}
      >
        {desk.portfolios.length === 0 && <option value="">{intl.formatMessage(messages.accountOnly)}</option>}
        {desk.portfolios.map((item) => (
          <option key={item.id} value={item.id}>
            {item.name}
          </option>
        ))}
      </SelectField>
    </>
  );
}

/**
 * "Log in to the broker" while the account has no session: beside the pickers on a laptop, under the folded
 * line on a phone (never inside its sheet: the first thing to do is not hidden behind a tap).
 */
export function DeskLogInLink({ desk }: { desk: TradingDesk }) {
  const intl = useIntl();
  if (desk.account === null || desk.sessionOpen) return null;
  return (
    <Link to={stepText['log-in'].link.to} className="text-sm font-medium text-brand underline sm:col-span-2">
      {intl.formatMessage(messages.logIn)}
    </Link>
  );
}
