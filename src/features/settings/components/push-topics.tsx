import { useState } from 'react';
import { useIntl } from 'react-intl';
import { CheckboxField } from '@/components/ui/checkbox-field';
import type { PushTopic } from '@/features/settings/api/push-calls';
import { pushTopics } from '@/features/settings/model/push-support';
import { pushMessages as messages, topicMessages } from '@/features/settings/push-messages';
import { sayRefusal } from '@/i18n/say-refusal';
import { isApiError } from '@/lib/api/api-error';

type PushTopicsProps = { topics: readonly PushTopic[]; onChange: (topics: PushTopic[]) => Promise<void> };

/** This device's topics as the server stores them; each tick is saved at once, and a refusal says why. */
export function PushTopics({ topics, onChange }: PushTopicsProps) {
  const intl = useIntl();
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const handleChange = async (topic: PushTopic, checked: boolean) => {
    setSaving(true);
    setRefusal(null);
    try {
      await onChange(pushTopics.filter((entry) => (entry === topic ? checked : topics.includes(entry))));
    } catch (error) {
      if (isApiError(error) && error.kind === 'rejected') setRefusal(sayRefusal(intl, error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <fieldset className="flex flex-col gap-2" aria-busy={saving || undefined}>
      <legend className="mb-2 text-sm font-semibold text-fg">{intl.formatMessage(messages.topics)}</legend>
      {pushTopics.map((topic) => (
        <CheckboxField
          key={topic}
          name={`topic-${topic}`}
          label={intl.formatMessage(topicMessages[topic].label)}
          hint={intl.formatMessage(topicMessages[topic].hint)}
          checked={topics.includes(topic)}
          disabled={saving}
          onChange={(checked) => void handleChange(topic, checked)}
        />
      ))}
      {refusal !== null && (
        <p role="alert" className="text-sm text-loss">
          {refusal}
        </p>
      )}
    </fieldset>
  );
}
