// @vitest-environment node
// Stop-loss and target percentages are kept in hundredths (numeric(7, 2)): the form refuses what the
// column would round (0.004 → 0.00 broke its check and answered 500 before issue 7), and says why.
import { describe, expect, it } from 'vitest';
import { botFormSchema } from '@/features/portfolios/model/bot-form-values';
import { validateValue } from '@/lib/validation/validate';

const rules = (field: 'stop_loss_pct' | 'target_pct') => botFormSchema('trading', [])[field]?.rules ?? [];
const messageId = (field: 'stop_loss_pct' | 'target_pct', value: string) => {
  const issue = validateValue(value, rules(field), 'Stop-loss');
  return issue === null ? null : issue.message.id;
};

describe('bot form percentages', () => {
  it.each(['0.01', '12.5', '12,25', '100'])('accepts %s as a stop-loss', (value) => {
    expect(messageId('stop_loss_pct', value)).toBeNull();
  });

  it('refuses what the column cannot keep, with the reason', () => {
    expect(messageId('stop_loss_pct', '0.004')).not.toBeNull();
    expect(messageId('stop_loss_pct', '0')).not.toBeNull();
    expect(messageId('stop_loss_pct', '12.345')).toBe('portfolios.botForm.twoDecimals');
    expect(messageId('target_pct', '50.125')).toBe('portfolios.botForm.twoDecimals');
    expect(messageId('stop_loss_pct', '100.01')).not.toBeNull();
    expect(messageId('target_pct', '1000')).toBeNull();
  });
});
