// Registration, sign-in, sessions and the signed-in user's own data. Every method acts only on the
// user it is given (from their session), so one user's token can never read or change another's data.
import type { components } from '../../../openapi/main.d.ts';
import type { Database } from '../../db/database.ts';
import { DomainError } from '../domain-error.ts';
import { accountTexts } from '../texts/account-texts.ts';
import type { Clock } from '../clock.ts';
import { clientAddress } from '../client-network.ts';
import type { DeviceTokens } from '../device-tokens.ts';
import type { ThrottleLimits } from '../throttle-limits.ts';
import { clearEvents, eventsInWindow, releaseReservation, reserveAttempt, type Reservation, type ThrottleCheck } from '../throttle.ts';
import { isCommonPassword } from './common-passwords.ts';
import type { HashClient, HashPass, HashSlots } from './hash-slots.ts';
import type { PasswordHasher } from './passwords.ts';
import { auditThrottles } from './security-events.ts';
import { createSessionCache } from './session-cache.ts';
import { createSession, findActiveSession, revokeOtherSessions, revokeSession } from './sessions.ts';
import { signInGuard } from './sign-in-guard.ts';
import * as users from './users.ts';
import { validationTexts } from '../texts/validation-texts.ts';

type Schemas = components['schemas'];
export type User = users.User;
export type TradeDefaults = users.TradeDefaults;

export type AuthContext = { user: User; sessionId: string };

/** `deviceToken` makes this browser a known device of the account (HTTP keeps it in a cookie). */
export type SignedIn = { user: User; token: string; expiresAt: Date; deviceToken: string };

export type ClientInfo = {
  ip: string;
  userAgent?: string | undefined;
  /** The device tokens the browser holds, by account (user id): it may have signed in to several. */
  deviceTokens?: Readonly<Record<string, string>> | undefined;
};

export type AccountsServiceOptions = {
  db: Database;
  clock: Clock;
  hasher: PasswordHasher;
  /** Bounds the hashes running at once; shared by every service that hashes passwords. */
  hashSlots: HashSlots;
  limits: ThrottleLimits;
  deviceTokens: DeviceTokens;
};

export type AccountsService = ReturnType<typeof createAccountsService>;

/** +91 followed by the 10 digits, whichever way the number was typed (the contract's pattern checked it). */
export function normaliseMobile(mobile: string): string {
  return `+91${mobile.slice(-10)}`;
}

function cleanName(name: string, field = 'name'): string {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  if (trimmed === '') throw DomainError.said('validation_failed', validationTexts.notEmpty(field), { field });
  return trimmed;
}

function assertNotCommon(password: string, field: string): void {
  if (isCommonPassword(password)) {
    throw DomainError.said('weak_password', accountTexts.weakPassword, { field });
  }
}

export const invalidCredentials = (): DomainError => DomainError.said('invalid_credentials', accountTexts.invalidCredentials);

export function createAccountsService({ db, clock, hasher, hashSlots, limits, deviceTokens }: AccountsServiceOptions) {
  // Sessions read in the last few seconds; every change below that touches a user's sessions or profile goes
  // through `changing`, so it answers once every instance has forgotten what it kept.
  const sessions = createSessionCache(db, clock);
  /**
   * A place in the hash line, then a slot, or for an `imitation` (an unknown email's, passwords.ts) the
   * wait a slot would have taken, with no slot (hash-slots.ts). When refused (server_busy), the attempt
   * never ran: its reservation is given back.
   */
  async function admit(reservation: Reservation, client: HashClient, imitation: boolean): Promise<{ pass: HashPass; release: () => void }> {
    let pass: HashPass | undefined;
    try {
      pass = hashSlots.enter(client);
      if (!imitation) return { pass, release: await pass.slot() };
      await pass.turn();
      return { pass, release: () => undefined };
    } catch (error) {
      pass?.leave();
      await releaseReservation(db, reservation);
      throw error;
    }
  }

  /** Runs password work once its turn in the hash line comes. */
  async function hashing<T>(reservation: Reservation, client: HashClient, work: () => Promise<T>, imitation = false): Promise<T> {
    const { pass, release } = await admit(reservation, client, imitation);
    try {
      return await work();
    } finally {
      release();
      pass.leave();
    }
  }

  async function register(input: Schemas['RegisterRequest'], client: ClientInfo): Promise<User> {
    const name = cleanName(input.name);
    assertNotCommon(input.password, 'password');
    const reservation = await reserveAttempt(db, [{ scope: 'register_ip', key: client.ip, rule: limits.registerPerIp }], clock());
    // Hash before looking at the email, so "taken" and "created" take the same time. Both count.
    const passwordHash = await hashing(reservation, { ...clientAddress(client.ip), priority: 'other' }, () => hasher.hash(input.password));
    const created = await users.insertUser(db, { email: input.email, name, mobile: normaliseMobile(input.mobile), passwordHash }, clock());
    if (created === null) {
      throw DomainError.said('email_taken', accountTexts.emailTaken, { field: 'email' });
    }
    return created.user;
  }

  /**
   * Timing: an unknown email and a wrong password run the same queries, the same throttles
   * (sign-in-guard.ts), the same wait for a turn in the hash line and the same refusals there; then one
   * hashes while the other waits as long as a recent real hash took (passwords.ts). What remains is
   * that a real hash holds a slot and an imitation does not: someone who keeps every slot busy with
   * their own guesses could notice one slot fewer while a real email is checked. That takes a steady
   * flood of throttled guesses at accounts they already know, to learn what registering with the email
   * says at once (`email_taken`), so it is left there.
   */
  async function login(input: Schemas['LoginRequest'], client: ClientInfo): Promise<SignedIn> {
    const record = await users.findUserByEmail(db, input.email);
    const userId = record?.user.id ?? null;
    const address = clientAddress(client.ip);
    // Only the holder of this account's device token (signed by this server) takes the known-device path.
    const knownDevice = userId === null ? null : deviceTokens.read(String(userId), client.deviceTokens?.[String(userId)], clock());
    const guard = signInGuard(limits, input.email, userId, address, knownDevice);
    // A sign-in at an account nobody has been failing at goes before guesses at accounts under attack.
    const quiet = (await eventsInWindow(db, guard.account, clock())) === 0;
    // Reserved before the hash: parallel guesses each count.
    const reservation = await reserveAttempt(db, guard.checks, clock(), guard.refusalsCountAgainst);
    const priority = knownDevice !== null ? 'known' : quiet ? 'quiet' : 'other';
    const valid = await hashing(
      reservation,
      { ...address, priority },
      () => (record === null ? hasher.verifyAgainstNobody(input.password) : hasher.verify(input.password, record.passwordHash)),
      record === null,
    );
    if (record === null || !valid) {
      // A failure keeps its reservation: that is the failed attempt's record.
      await auditThrottles(db, userId, guard.audited, client.ip, clock());
      throw invalidCredentials();
    }
    // A success counts against nothing, and forgives this device's own failures; strangers' stay.
    for (const check of guard.forgivenOnSuccess) await clearEvents(db, check.scope, check.key);
    await releaseReservation(db, reservation);
    await auditThrottles(db, record.user.id, guard.audited, client.ip, clock());
    const session = await createSession(db, record.user.id, clock(), client.userAgent);
    // A fresh token at each sign-in (OWASP's advice): the browser's stays a year ahead, and a copied one
    // expires a year after it was made.
    return { user: record.user, ...session, deviceToken: deviceTokens.issue(String(record.user.id), clock()) };
  }

  async function authenticate(token: string): Promise<AuthContext | null> {
    const session = await sessions.find(token, () => findActiveSession(db, token, clock()));
    return session === null ? null : { user: session.record.user, sessionId: session.sessionId };
  }

  async function logout(auth: AuthContext): Promise<void> {
    await sessions.changing(auth.user.id, () => revokeSession(db, auth.sessionId, clock()));
  }

  async function updateProfile(auth: AuthContext, input: Schemas['ProfileUpdateRequest']): Promise<User> {
    const changes = {
      name: input.name === undefined ? undefined : cleanName(input.name),
      mobile: input.mobile === undefined ? undefined : normaliseMobile(input.mobile),
    };
    return (await sessions.changing(auth.user.id, () => users.updateProfile(db, auth.user.id, changes, clock()))).user;
  }

  async function changePassword(auth: AuthContext, input: Schemas['ChangePasswordRequest'], client: ClientInfo): Promise<void> {
    // Refused before reserving: a too-common new password says nothing about the current one.
    assertNotCommon(input.new_password, 'new_password');
    // Guessing the current password from a stolen session is throttled on that session, never on the
    // account: the thief must not be able to lock the owner's sign-in.
    const check: ThrottleCheck = { scope: 'password_change_session', key: auth.sessionId, rule: limits.passwordChangePerSession };
    const reservation = await reserveAttempt(db, [check], clock());
    const record = await users.findUserById(db, auth.user.id);
    // One slot for both hashes: a right current password is never refused half-way for lack of a slot.
    // A signed-in user goes first in the hash line, like a known device.
    const passwordHash = await hashing(reservation, { ...clientAddress(client.ip), priority: 'known' }, async () => {
      if (record === null || !(await hasher.verify(input.current_password, record.passwordHash))) return null;
      return hasher.hash(input.new_password);
    });
    if (passwordHash === null) {
      throw DomainError.said('invalid_current_password', accountTexts.invalidCurrentPassword, { field: 'current_password' });
    }
    await sessions.changing(auth.user.id, () =>
      db.transaction(async (tx) => {
        await users.updatePasswordHash(tx, auth.user.id, passwordHash, clock());
        await revokeOtherSessions(tx, auth.user.id, auth.sessionId, clock());
        await clearEvents(tx, check.scope, check.key);
        await releaseReservation(tx, reservation);
      }),
    );
  }

  async function updateTradeDefaults(auth: AuthContext, defaults: TradeDefaults): Promise<TradeDefaults> {
    return (await sessions.changing(auth.user.id, () => users.updateTradeDefaults(db, auth.user.id, defaults, clock()))).user.trade_defaults;
  }

  return { register, login, authenticate, logout, updateProfile, changePassword, updateTradeDefaults, listenForSessionChanges: sessions.listen };
}
