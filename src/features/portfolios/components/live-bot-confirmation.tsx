import { useIntl } from 'react-intl';
import { TextField } from '@/components/ui/text-field';
import { liveConfirmationHint, liveConfirmationLabel } from '@/features/portfolios/bot-form-messages';

type LiveBotConfirmationProps = {
  accountNumber: string;
  value: string;
  onChange: (value: string) => void;
  /** The server's refusal of what was typed, already translated. */
  error?: string | undefined;
};

/**
 * A bot on a live account trades real money: the trader types the account's number to let it, each time it
 * is made active (the server checks it too: live-bot-rules.ts).
 */
export function LiveBotConfirmation({ accountNumber, value, onChange, error }: LiveBotConfirmationProps) {
  const intl = useIntl();
  return (
    <TextField
      label={intl.formatMessage(liveConfirmationLabel, { account: accountNumber })}
      hint={intl.formatMessage(liveConfirmationHint)}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      error={error}
      name="live_confirmation"
    />
  );
}
