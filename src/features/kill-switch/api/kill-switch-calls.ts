// The kill switch and the risk limits (contract additions of issue 12). Arming is a trading call: it carries
// the intent's Idempotency-Key and is never retried or queued here; when its answer is lost the screen reads
// the switches back (an armed switch is the answer) instead of sending it again.
import type { components } from '@openapi/main';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

type Schemas = components['schemas'];
export type KillSwitch = Schemas['KillSwitch'];
export type KillSwitchEvent = Schemas['KillSwitchEvent'];
export type KillSwitchSource = Schemas['KillSwitchSource'];
export type KillSwitchResult = Schemas['KillSwitchResult'];
export type KillSwitchAccountResult = Schemas['KillSwitchAccountResult'];
export type ArmKillSwitchRequest = Schemas['ArmKillSwitchRequest'];
export type RiskLimits = Schemas['RiskLimits'];
export type RiskLimitsAnswer = Schemas['RiskLimitsResponse'];

export async function getKillSwitches(): Promise<KillSwitch[]> {
  return requireField(await mainApi().GET('/api/kill-switch/'), 'kill_switches').kill_switches;
}

export async function armKillSwitch(key: string, body: ArmKillSwitchRequest): Promise<KillSwitchResult> {
  return requireField(await mainApi().POST('/api/kill-switch/arm/', { params: { header: { 'Idempotency-Key': key } }, body }), 'accounts');
}

export type DisarmAnswer = Schemas['DisarmKillSwitchResponse'];

/** The switch as it is now, and what the server says happened (disarmed, or already off) for the screen to say. */
export async function disarmKillSwitch(accountNumber: string, confirmation: string): Promise<DisarmAnswer> {
  const body = { account_number: accountNumber, confirmation, source: 'settings' as const };
  return requireField(await mainApi().POST('/api/kill-switch/disarm/', { body }), 'kill_switch', 'message');
}

export async function getRiskLimits(accountNumber: string): Promise<RiskLimitsAnswer> {
  return requireField(await mainApi().GET('/api/risk-limits/{accountNumber}/', { params: { path: { accountNumber } } }), 'limits', 'usage');
}

export async function updateRiskLimits(accountNumber: string, limits: RiskLimits): Promise<RiskLimitsAnswer> {
  return requireField(await mainApi().PUT('/api/risk-limits/{accountNumber}/', { params: { path: { accountNumber } }, body: limits }), 'limits', 'usage');
}
