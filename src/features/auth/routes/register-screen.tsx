import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import { authMessages as m } from '@/features/auth/auth-messages';
import { AuthCard } from '@/features/auth/components/auth-card';
import { RegisterForm } from '@/features/auth/components/register-form';

/** Registration, at /auth/register and (blank layout) /app/register. */
export function RegisterScreen() {
  const intl = useIntl();
  const { pathname } = useLocation();
  const signInPath = pathname.startsWith('/app/') ? '../login-1' : '../login';
  return (
    <div className="flex w-full justify-center px-0 py-2 sm:py-8">
      <AuthCard title={intl.formatMessage(m.registerTitle)} subtitle={intl.formatMessage(m.registerSubtitle)}>
        <RegisterForm />
        <p className="mt-6 text-center text-sm text-fg-muted">
          {intl.formatMessage(m.haveAccount)}
          <Link to={signInPath} relative="path" className="ms-1 font-medium text-brand underline-offset-2 hover:underline">
            {intl.formatMessage(m.goToSignIn)}
          </Link>
        </p>
      </AuthCard>
    </div>
  );
}
