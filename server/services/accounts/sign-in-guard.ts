// Which throttles a sign-in passes, by who is asking (throttle-limits.ts says why):
//  - a known device (it carries this account's device token) is counted on its own allowance alone:
//    strangers' failures, its address's and its network's, never reach it;
//  - anyone else is counted per address and per network (a refused attempt too, so that polling costs
//    the poller), and per account, where failures only slow the next attempt down.
// An unknown email is counted exactly like an account's unknown device, so the answers reveal nothing.
import type { ClientAddress } from '../client-network.ts';
import type { ThrottleLimits } from '../throttle-limits.ts';
import type { ThrottleCheck } from '../throttle.ts';
import type { AuditedThrottle } from './security-events.ts';

export type SignInLimits = Pick<ThrottleLimits, 'loginPerAccount' | 'loginPerDevice' | 'loginPerIp' | 'loginPerNetwork'>;

export type SignInGuard = {
  /** The account-wide throttle (unknown devices), whose quiet or busy state orders the hash line. */
  account: ThrottleCheck;
  /** Reserved before the password check. */
  checks: ThrottleCheck[];
  /** Counted even when the attempt is refused. */
  refusalsCountAgainst: ThrottleCheck[];
  /** Whose changes go to the account's audit trail. */
  audited: AuditedThrottle[];
  /** Cleared when the password is right: a device's own typos are forgiven, nobody else's failures. */
  forgivenOnSuccess: ThrottleCheck[];
};

/** The account key of an email: its case does not make another account. */
export const accountKey = (email: string): string => email.trim().toLowerCase();

export function signInGuard(limits: SignInLimits, email: string, userId: number | null, address: ClientAddress, knownDevice: string | null): SignInGuard {
  const account: ThrottleCheck = { scope: 'login_account', key: accountKey(email), rule: limits.loginPerAccount };
  const accountAudit: AuditedThrottle = { scope: 'unknown_devices', deviceId: null, check: account };
  if (userId !== null && knownDevice !== null) {
    const device: ThrottleCheck = { scope: 'login_device', key: `${userId}:${knownDevice}`, rule: limits.loginPerDevice };
    return {
      account,
      checks: [device],
      refusalsCountAgainst: [],
      audited: [accountAudit, { scope: 'device', deviceId: knownDevice, check: device }],
      forgivenOnSuccess: [device],
    };
  }
  const guesser: ThrottleCheck[] = [
    { scope: 'login_ip', key: address.ip, rule: limits.loginPerIp },
    { scope: 'login_network', key: address.network, rule: limits.loginPerNetwork },
  ];
  return { account, checks: [account, ...guesser], refusalsCountAgainst: guesser, audited: [accountAudit], forgivenOnSuccess: [] };
}
