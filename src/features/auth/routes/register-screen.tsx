import { useIntl } from 'react-intl';
import { AuthLink, siblingPath, useAuthNavigation } from '@/features/auth/auth-navigation';
import { registerMessages as r } from '@/features/auth/register-messages';
import { AuthCard } from '@/features/auth/components/auth-card';
import { RegisterForm } from '@/features/auth/components/register-form';
import { notify } from '@/lib/notify/notify';

/** Registration, at /auth/register and (blank layout) /app/register. Success leads to sign-in, email filled in. */
export function RegisterScreen() {
  const intl = useIntl();
  const { pathname, search, go } = useAuthNavigation();
  // /auth/register pairs with /auth/login, the blank-layout /app/register with /app/login-1.
  const signIn = { pathname: siblingPath(pathname, pathname.startsWith('/app/') ? 'login-1' : 'login'), search };

  const handleRegistered = (email: string) => {
    notify({ kind: 'success', title: r.registered, description: r.registeredHint });
    go(signIn, { state: { email } });
  };

  return (
    <div className="flex w-full justify-center px-0 py-2 sm:py-8">
      <AuthCard title={intl.formatMessage(r.registerTitle)} subtitle={intl.formatMessage(r.registerSubtitle)}>
        <RegisterForm
          onRegistered={handleRegistered}
          signInInstead={(email) => (
            // The email goes along, and the redirect too: signing in still lands where the trader was going.
            <AuthLink to={signIn} state={{ email }} className="font-medium text-brand underline underline-offset-2">
              {intl.formatMessage(r.signInInstead)}
            </AuthLink>
          )}
        />
        <p className="mt-6 text-center text-sm text-fg-muted">
          {intl.formatMessage(r.haveAccount)}
          <AuthLink to={signIn} className="ms-1 font-medium text-brand underline-offset-2 hover:underline">
            {intl.formatMessage(r.goToSignIn)}
          </AuthLink>
        </p>
      </AuthCard>
    </div>
  );
}
