// Approval from the phone (issue 41): a bot's approve-first settings, its proposals, and the decisions. The app
// decides under the trader's session; the service worker decides from a notification's button with the
// single-use token that notification carried (no session: the token is the proof).
import { sessionDevice } from '../services/bots/approvals/device-label.ts';
import { requireAuth } from './authentication.ts';
import { route } from './contract-route.ts';
import type { RoutePlugin } from './route-plugins.ts';

export const approvalRoutes: RoutePlugin = async (app, { context }) => {
  const { approvals } = context.services;
  const { db } = context;
  const userId = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).user.id;

  route(app, 'getBotApprovalSettings', async (request) => approvals.getSettings(userId(request), request.params.bot_kind, request.params.id));
  route(app, 'updateBotApprovalSettings', async (request) => approvals.saveSettings(userId(request), request.params.bot_kind, request.params.id, request.body));
  route(app, 'getBotProposals', async (request) => approvals.list(userId(request), request.query));

  const fromApp = async (request: Parameters<typeof requireAuth>[0]) => ({ via: 'app' as const, device: await sessionDevice(db, requireAuth(request).sessionId) });
  route(app, 'approveBotProposal', async (request) => approvals.decide(userId(request), request.params.id, 'approve', await fromApp(request)));
  route(app, 'rejectBotProposal', async (request) => approvals.decide(userId(request), request.params.id, 'reject', await fromApp(request)));
  route(app, 'decideBotProposalFromNotification', async (request) => approvals.decideWithToken(request.body.token, request.body.decision));
};
