import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import EyeIcon from '@heroicons/react/24/outline/EyeIcon';
import EyeSlashIcon from '@heroicons/react/24/outline/EyeSlashIcon';
import { formMessages } from '@/components/ui/form-messages';
import { TextField, type TextFieldProps } from '@/components/ui/text-field';

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'>;

/** A TextField for secrets with a show/hide toggle (a pressed-state button with a fixed name). */
export function PasswordField({ id, ...props }: PasswordFieldProps) {
  const intl = useIntl();
  const autoId = useId();
  const inputId = id ?? autoId;
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeSlashIcon : EyeIcon;

  return (
    <TextField
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      {...props}
      id={inputId}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          aria-label={intl.formatMessage(formMessages.showPassword)}
          aria-pressed={visible}
          aria-controls={inputId}
          disabled={props.disabled}
          onClick={() => setVisible((shown) => !shown)}
          className="inline-flex size-11 items-center justify-center rounded-md text-fg-muted hover:text-fg disabled:cursor-not-allowed"
        >
          <Icon aria-hidden="true" className="size-5" />
        </button>
      }
    />
  );
}
