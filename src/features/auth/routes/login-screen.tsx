import { useIntl } from 'react-intl';
import { AuthLink, siblingPath, useAuthNavigation } from '@/features/auth/auth-navigation';
import { authMessages as m } from '@/features/auth/auth-messages';
import { AuthCard } from '@/features/auth/components/auth-card';
import { LoginForm } from '@/features/auth/components/login-form';

function emailFrom(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('email' in state)) return '';
  return typeof state.email === 'string' ? state.email : '';
}

/** Sign-in, at /auth/login and (blank layout) /app/login-1. The redirect query travels to registration and back. */
export function LoginScreen() {
  const intl = useIntl();
  const { pathname, search, state, go } = useAuthNavigation();
  // On /auth/login the app takes a freshly signed-in user on (to where they were going); the blank-layout
  // /app/login-1 is already behind the guard, so it goes home itself.
  const handleSignedIn = pathname.startsWith('/app/') ? () => go({ pathname: '/' }, { replace: true }) : undefined;
  return (
    <div className="flex w-full justify-center px-0 py-2 sm:py-8">
      <AuthCard title={intl.formatMessage(m.loginTitle)} subtitle={intl.formatMessage(m.loginSubtitle)}>
        <LoginForm initialEmail={emailFrom(state)} onSignedIn={handleSignedIn} />
        <p className="mt-6 text-center text-sm text-fg-muted">
          {intl.formatMessage(m.noAccount)}
          {/* /auth/login pairs with /auth/register, the blank-layout /app/login-1 with /app/register. */}
          <AuthLink to={{ pathname: siblingPath(pathname, 'register'), search }} className="ms-1 font-medium text-brand underline-offset-2 hover:underline">
            {intl.formatMessage(m.createAccount)}
          </AuthLink>
        </p>
      </AuthCard>
    </div>
  );
}
