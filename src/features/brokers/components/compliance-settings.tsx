import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import type { AccountCompliance, BrokerAccount } from '@/features/brokers/api/broker-types';
import { updateBrokerAccount } from '@/features/brokers/api/update-broker-account';
import { rejectionOf } from '@/features/brokers/brokers-error-text';
import { complianceMessages as messages } from '@/features/brokers/components/compliance-messages';
import { commonMessages } from '@/i18n/common-messages';
import { useOperation } from '@/lib/api/use-operation';
import { notify } from '@/lib/notify/notify';

type Props = { account: Pick<BrokerAccount, 'id' | 'name'>; compliance: AccountCompliance; offline: boolean; onSaved: () => void };

/**
 * The two things only the trader knows: the static IP registered at the broker and the algo ID it gave a
 * registered strategy. Empty clears one. The server checks the address; its refusal shows under its field.
 */
export function ComplianceSettings({ account, compliance, offline, onSaved }: Props) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [staticIp, setStaticIp] = useState(compliance.static_ip ?? '');
  const [algoId, setAlgoId] = useState(compliance.algo.algo_id ?? '');
  const save = useOperation(updateBrokerAccount);
  const rejection = rejectionOf(save.error, intl);

  if (!open) {
    return (
      <Button variant="secondary" className="self-start" disabled={offline} onClick={() => setOpen(true)}>
        {intl.formatMessage(messages.edit)}
      </Button>
    );
  }

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const saved = await save.run(account.id, { static_ip: staticIp.trim() || null, algo_id: algoId.trim() || null });
    if (!saved) return;
    setOpen(false);
    notify({ kind: 'success', title: messages.saved, description: saved.name });
    onSaved();
  };

  return (
    <form className="flex flex-col gap-3" onSubmit={(event) => void handleSubmit(event)} noValidate>
      <TextField
        label={intl.formatMessage(messages.ipLabel)}
        hint={intl.formatMessage(messages.ipHint)}
        value={staticIp}
        onChange={(event) => setStaticIp(event.target.value)}
        inputMode="text"
        autoComplete="off"
        spellCheck={false}
        dir="ltr"
        maxLength={45}
        error={rejection?.field === 'static_ip' ? rejection.text : undefined}
      />
      <TextField
        label={intl.formatMessage(messages.algoLabel)}
        hint={intl.formatMessage(messages.algoHint)}
        value={algoId}
        onChange={(event) => setAlgoId(event.target.value)}
        autoComplete="off"
        spellCheck={false}
        dir="ltr"
        maxLength={64}
        error={rejection !== null && rejection.field !== 'static_ip' ? rejection.text : undefined}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={save.loading} disabled={offline}>
          {intl.formatMessage(commonMessages.save)}
        </Button>
        <Button variant="secondary" onClick={() => setOpen(false)}>
          {intl.formatMessage(commonMessages.cancel)}
        </Button>
      </div>
    </form>
  );
}
