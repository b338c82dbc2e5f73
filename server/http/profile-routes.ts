// /api/profile/user/*: the signed-in user's profile, password and trade defaults. Nothing here takes a
// user id: every call acts on the token's own user.
import { doneTexts, told } from '../services/texts/done-texts.ts';
import { requireAuth } from './authentication.ts';
import { route } from './contract-route.ts';
import type { RoutePlugin } from './route-plugins.ts';

export const profileRoutes: RoutePlugin = async (app, { context }) => {
  const { accounts } = context.services;

  route(app, 'getUserProfile', async (request) => ({ user: requireAuth(request).user }));

  route(app, 'updateUserProfile', async (request) => ({
    user: await accounts.updateProfile(requireAuth(request), request.body),
  }));

  route(app, 'changePassword', async (request) => {
    await accounts.changePassword(requireAuth(request), request.body, { ip: request.ip });
    return told(doneTexts.passwordChanged);
  });

  route(app, 'updateTradeDefaults', async (request) => ({
    ...told(doneTexts.tradeDefaultsSaved),
    trade_defaults: await accounts.updateTradeDefaults(requireAuth(request), request.body),
  }));
};
