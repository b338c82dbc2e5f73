import { defineMessage, useIntl, type MessageValue } from 'react-intl';

const noteMessage = defineMessage<{ year: MessageValue }>({
  id: 'app.footer.note',
  defaultMessage: '© {year} StrikeDesk · Trading in options involves risk. Paper trading is simulated.',
});

export function ShellFooter() {
  const intl = useIntl();
  return (
    <footer className="flex min-h-footer items-center justify-center border-t border-line px-4 text-center text-xs text-fg-muted safe-area-pb">
      {intl.formatMessage(noteMessage, { year: new Date().getFullYear() })}
    </footer>
  );
}
