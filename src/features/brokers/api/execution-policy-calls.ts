import type { Schemas } from '@/features/brokers/api/broker-types';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

export type ExecutionPolicy = Schemas['ExecutionPolicy'];
export type ExecutionPolicyUpdate = Schemas['ExecutionPolicyUpdate'];

/** The account's execution policy, the broker rules that bind it (dated, with sources) and its defaults. */
export async function getExecutionPolicy(accountId: number): Promise<ExecutionPolicy> {
  const answer = await mainApi().GET('/api/accounts/account-execution/{accountId}/', { params: { path: { accountId } } });
  return requireField(answer, 'execution').execution;
}

/** Sets the account's execution policy; answers it as stored. */
export async function updateExecutionPolicy(accountId: number, body: ExecutionPolicyUpdate): Promise<ExecutionPolicy> {
  const answer = await mainApi().PUT('/api/accounts/account-execution/{accountId}/', { params: { path: { accountId } }, body });
  return requireField(answer, 'execution').execution;
}
