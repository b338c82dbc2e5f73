// /api/authenticate/*: registration, sign-in and sign-out, as openapi/main.yaml declares them.
import { doneTexts, told } from '../services/texts/done-texts.ts';
import { requireAuth } from './authentication.ts';
import { route } from './contract-route.ts';
import { deviceCookie, deviceTokensOf, signInDeviceCookie } from './device-cookies.ts';
import type { RoutePlugin } from './route-plugins.ts';

export const authRoutes: RoutePlugin = async (app, { context }) => {
  const { accounts } = context.services;

  route(app, 'registerUser', async (request, reply) => {
    const user = await accounts.register(request.body, { ip: request.ip });
    reply.code(201);
    return { user, ...told(doneTexts.accountCreated) };
  });

  route(app, 'loginUser', async (request, reply) => {
    const deviceTokens = deviceTokensOf(request.headers.cookie, signInDeviceCookie);
    const signedIn = await accounts.login(request.body, { ip: request.ip, userAgent: request.headers['user-agent'], deviceTokens });
    // This browser is now a known device of the account: strangers' failures no longer hold it back.
    reply.header('set-cookie', deviceCookie(signInDeviceCookie, String(signedIn.user.id), signedIn.deviceToken, context.overTls(request)));
    return { user: signedIn.user, token: signedIn.token, ...told(doneTexts.signedIn), expires_at: signedIn.expiresAt.toISOString() };
  });

  route(app, 'logoutUser', async (request) => {
    await accounts.logout(requireAuth(request));
    return told(doneTexts.signedOut);
  });
};
