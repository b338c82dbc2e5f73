import type { components } from '@openapi/main';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

type Schemas = components['schemas'];
export type BotApprovalSettings = Schemas['BotApprovalSettings'];
export type BotApprovalSettingsChange = Schemas['BotApprovalSettingsChange'];
export type BotProposal = Schemas['BotProposal'];
export type BotProposalDecision = Schemas['BotProposalDecision'];
export type BotProposals = Schemas['BotProposalsResponse'];
type BotKind = Schemas['BotKind'];

/** A bot's approve-first settings (off until set). */
export async function getBotApprovalSettings(kind: BotKind, id: number): Promise<BotApprovalSettings> {
  const answer = await mainApi().GET('/api/approvals/settings/{bot_kind}/{id}/', { params: { path: { bot_kind: kind, id } } });
  return requireField(answer, 'approve_first');
}

export async function updateBotApprovalSettings(kind: BotKind, id: number, change: BotApprovalSettingsChange): Promise<BotApprovalSettings> {
  const answer = await mainApi().PUT('/api/approvals/settings/{bot_kind}/{id}/', { params: { path: { bot_kind: kind, id } }, body: change });
  return requireField(answer, 'approve_first');
}

/** The trader's latest proposals, newest first, with the server's time to count deadlines down. */
export async function getBotProposals(): Promise<BotProposals> {
  const answer = await mainApi().GET('/api/approvals/proposals/', {});
  return requireField(answer, 'proposals');
}

/** Approve from the app: single use; the server re-prices the legs and places them once. */
export async function approveBotProposal(id: number): Promise<BotProposalDecision> {
  const answer = await mainApi().POST('/api/approvals/proposals/{id}/approve/', { params: { path: { id } } });
  return requireField(answer, 'proposal');
}

export async function rejectBotProposal(id: number): Promise<BotProposalDecision> {
  const answer = await mainApi().POST('/api/approvals/proposals/{id}/reject/', { params: { path: { id } } });
  return requireField(answer, 'proposal');
}
