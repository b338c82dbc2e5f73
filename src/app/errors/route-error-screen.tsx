import { defineMessages, useIntl } from 'react-intl';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { useDocumentTitle } from '@/app/router/use-document-title';

const messages = defineMessages({
  title: { id: 'app.routeError.title', defaultMessage: 'Unexpected Application Error!' },
  description: {
    id: 'app.routeError.description',
    defaultMessage: 'Something went wrong while showing this page. Your data is safe; go back home and try again.',
  },
  home: { id: 'app.routeError.home', defaultMessage: 'Back to home' },
});

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The router's error screen (spec §2 names its title). A plain link reloads the app from a clean state. */
export function RouteErrorScreen() {
  const intl = useIntl();
  const error = useRouteError();
  useDocumentTitle(messages.title);
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold">{intl.formatMessage(messages.title)}</h1>
      <p className="text-fg-muted">{intl.formatMessage(messages.description)}</p>
      <pre className="max-w-full overflow-auto rounded bg-surface p-3 text-start text-sm text-danger">{describe(error)}</pre>
      <a href="/" className="min-h-11 rounded-md bg-brand px-4 py-2.5 font-medium text-brand-fg">
        {intl.formatMessage(messages.home)}
      </a>
    </main>
  );
}
