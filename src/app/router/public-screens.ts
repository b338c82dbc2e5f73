import { lazyScreen } from '@/app/router/lazy-screen';
import { LoginScreen } from '@/features/auth/routes/login-screen';

/**
 * The screens a signed-out visitor sees, with or without the app's router (app/public-pages.tsx): sign-in is
 * part of the entry (a first visit always lands there), registration a chunk of its own.
 */
export const publicScreens = {
  login: LoginScreen,
  register: lazyScreen('register', () => import('@/features/auth/routes/register-screen').then((m) => m.RegisterScreen)),
};
