import { defineMessages, useIntl } from 'react-intl';

const messages = defineMessages({
  note: {
    id: 'app.footer.note',
    defaultMessage: '© {year} StrikeDesk · Trading in options involves risk. Paper trading is simulated.',
  },
});

export function ShellFooter() {
  const intl = useIntl();
  return (
    <footer className="flex min-h-footer items-center justify-center border-t border-line px-4 text-center text-xs text-fg-muted pb-[env(safe-area-inset-bottom)]">
      {intl.formatMessage(messages.note, { year: new Date().getFullYear() })}
    </footer>
  );
}
