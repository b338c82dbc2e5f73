import CheckIcon from '@heroicons/react/20/solid/CheckIcon';
import ClipboardDocumentIcon from '@heroicons/react/20/solid/ClipboardDocumentIcon';
import ExclamationTriangleIcon from '@heroicons/react/20/solid/ExclamationTriangleIcon';
import { useEffect, useId, useRef, useState } from 'react';
import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import { Button } from '@/components/ui/button';

const messages = defineMessages({
  copy: { id: 'common.copy', defaultMessage: 'Copy' },
  copied: { id: 'common.copied', defaultMessage: 'Copied' },
  copyYourself: { id: 'common.copyYourself', defaultMessage: 'Selected: copy it with Ctrl+C (⌘C on a Mac) or your device’s menu.' },
});
const copyLabel = defineMessage<{ what: MessageValue }>({ id: 'common.copyLabel', defaultMessage: 'Copy {what}' });

type CopyState = 'idle' | 'copied' | 'manual';

/** How long "Copied" stays: long enough to read, gone before the next copy so that one is announced too. */
const copiedForMs = 3000;

/**
 * A value to paste elsewhere (an address to register with another service): shown read-only, left to right
 * whatever the page's direction, with a Copy button. The clipboard API needs a secure context and may be
 * refused; then the value is selected and the trader is told to copy it, and "Copied" is announced only
 * when something really was. A `warning` (the value will not work where it is meant to go) sits under it and
 * describes it.
 */
export function CopyField({ label, value, warning }: { label: string; value: string; warning?: string }) {
  const intl = useIntl();
  const inputId = useId();
  const warningId = useId();
  const input = useRef<HTMLTextAreaElement>(null);
  const [state, setState] = useState<CopyState>('idle');

  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), copiedForMs);
    return () => clearTimeout(timer);
  }, [state]);

  const handleCopy = async () => {
    try {
      if (navigator.clipboard?.writeText === undefined) throw new Error('No clipboard');
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      input.current?.focus();
      input.current?.select();
      setState('manual');
    }
  };

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-medium text-fg">
        {label}
      </label>
      <div className="flex items-start gap-2">
        {/* A text area so a long address wraps and shows whole on a phone; it grows to its content. */}
        <textarea
          ref={input}
          id={inputId}
          readOnly
          aria-describedby={warning === undefined ? undefined : warningId}
          dir="ltr"
          rows={2}
          value={value}
          onFocus={(event) => event.currentTarget.select()}
          className="min-h-11 min-w-0 flex-1 resize-none rounded-md border border-line bg-surface-muted px-3 py-2.5 font-mono text-sm break-all text-fg field-sizing-content"
        />
        <Button variant="secondary" onClick={() => void handleCopy()} aria-label={intl.formatMessage(copyLabel, { what: label })}>
          {state === 'copied' ? <CheckIcon aria-hidden="true" className="size-5 text-profit" /> : <ClipboardDocumentIcon aria-hidden="true" className="size-5" />}
          {intl.formatMessage(state === 'copied' ? messages.copied : messages.copy)}
        </Button>
      </div>
      {warning !== undefined && (
        <p id={warningId} className="flex gap-1.5 rounded-md border border-warn/40 bg-warn/10 px-3 py-2 text-sm text-fg">
          <ExclamationTriangleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warn" />
          <span>{warning}</span>
        </p>
      )}
      <p role="status" className="min-h-5 text-sm text-fg-muted">
        {state === 'copied' ? intl.formatMessage(messages.copied) : state === 'manual' ? intl.formatMessage(messages.copyYourself) : null}
      </p>
    </div>
  );
}
