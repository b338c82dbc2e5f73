import KeyIcon from '@heroicons/react/24/outline/KeyIcon';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { PAPER_BROKER } from '@/features/brokers/api/broker-types';
import { generatePaperKeys } from '@/features/brokers/generate-keys';

const messages = defineMessages({
  generate: { id: 'brokers.generateKeys', defaultMessage: 'Generate keys' },
  hint: {
    id: 'brokers.generateKeysHint',
    defaultMessage: 'The paper broker has no developer console: generate an API key and secret here.',
  },
  generated: { id: 'brokers.keysGenerated', defaultMessage: 'New API key and secret filled in.' },
});

type Keys = ReturnType<typeof generatePaperKeys>;

/** Offered for the paper broker only: a real broker issues the keys in its own console. */
export function GenerateKeys({ broker, onGenerate }: { broker: string; onGenerate: (keys: Keys) => void }) {
  const intl = useIntl();
  const [generated, setGenerated] = useState(false);
  if (broker !== PAPER_BROKER) return null;
  return (
    <div className="flex flex-col gap-2 rounded-md border border-line bg-surface-muted p-3">
      <p className="text-sm text-fg-muted">{intl.formatMessage(messages.hint)}</p>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          onClick={() => {
            onGenerate(generatePaperKeys());
            setGenerated(true);
          }}
        >
          <KeyIcon aria-hidden="true" className="size-5" />
          {intl.formatMessage(messages.generate)}
        </Button>
        <p role="status" className="text-sm text-fg-muted">
          {generated ? intl.formatMessage(messages.generated) : null}
        </p>
      </div>
    </div>
  );
}
