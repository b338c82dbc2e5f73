import { useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router-dom';
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
  const navigate = useNavigate();
  const { pathname, search, state } = useLocation();
  // On /auth/login the public-route guard moves a freshly signed-in user on; the blank-layout /app/login-1
  // is already behind the guard, so it goes home itself.
  const handleSignedIn = pathname.startsWith('/app/') ? () => navigate('/', { replace: true }) : undefined;
  return (
    <div className="flex w-full justify-center px-0 py-2 sm:py-8">
      <AuthCard title={intl.formatMessage(m.loginTitle)} subtitle={intl.formatMessage(m.loginSubtitle)}>
        <LoginForm initialEmail={emailFrom(state)} onSignedIn={handleSignedIn} />
        <p className="mt-6 text-center text-sm text-fg-muted">
          {intl.formatMessage(m.noAccount)}
          {/* Relative: /auth/login pairs with /auth/register, the blank-layout /app/login-1 with /app/register. */}
          <Link
            to={{ pathname: '../register', search }}
            relative="path"
            className="ms-1 font-medium text-brand underline-offset-2 hover:underline"
          >
            {intl.formatMessage(m.createAccount)}
          </Link>
        </p>
      </AuthCard>
    </div>
  );
}
