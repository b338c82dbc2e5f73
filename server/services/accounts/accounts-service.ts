// Registration, sign-in, sessions and the signed-in user's own data. Every method acts only on the
// user it is given (from their session), so one user's token can never read or change another's data.
import type { components } from '../../../openapi/main.d.ts';
import type { Database } from '../../db/database.ts';
import { DomainError } from '../domain-error.ts';
import type { Clock } from '../clock.ts';
import { isCommonPassword } from './common-passwords.ts';
import type { PasswordHasher } from './passwords.ts';
import { serverBusy, type HashSlots } from './hash-slots.ts';
import { createSession, findActiveSession, revokeOtherSessions, revokeSession } from './sessions.ts';
import { clearEvents, releaseReservation, reserveAttempt, type Reservation, type ThrottleCheck, type ThrottleLimits } from '../throttle.ts';
import * as users from './users.ts';

type Schemas = components['schemas'];
export type User = users.User;
export type TradeDefaults = users.TradeDefaults;

export type AuthContext = { user: User; sessionId: string };

export type SignedIn = { user: User; token: string; expiresAt: Date };

export type ClientInfo = { ip: string; userAgent?: string | undefined };

export type AccountsServiceOptions = {
  db: Database;
  clock: Clock;
  hasher: PasswordHasher;
  /** Bounds the hashes running at once; shared by every service that hashes passwords. */
  hashSlots: HashSlots;
  limits: ThrottleLimits;
};

export type AccountsService = ReturnType<typeof createAccountsService>;

/** +91 followed by the 10 digits, whichever way the number was typed (the contract's pattern checked it). */
export function normaliseMobile(mobile: string): string {
  return `+91${mobile.slice(-10)}`;
}

function cleanName(name: string, field = 'name'): string {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  if (trimmed === '') throw new DomainError('validation_failed', `${field}: must not be empty`, { field });
  return trimmed;
}

function assertNotCommon(password: string, field: string): void {
  if (isCommonPassword(password)) {
    throw new DomainError('weak_password', 'This password is too common: choose one that is harder to guess.', { field });
  }
}

export const invalidCredentials = (): DomainError => new DomainError('invalid_credentials', 'Invalid email or password');

export function createAccountsService({ db, clock, hasher, hashSlots, limits }: AccountsServiceOptions) {
  const accountKey = (email: string) => email.trim().toLowerCase();
  const passwordChecks = (email: string, ip: string): ThrottleCheck[] => [
    { scope: 'login_account', key: accountKey(email), rule: limits.loginPerAccount },
    { scope: 'login_ip', key: ip, rule: limits.loginPerIp },
  ];

  /**
   * Runs password work in a hash slot. With none free, the attempt never ran: its reservation is given
   * back and the caller is told at once to retry, instead of waiting behind everyone else's hashes.
   */
  async function hashing<T>(reservation: Reservation, work: () => Promise<T>): Promise<T> {
    const release = hashSlots.tryAcquire();
    if (release === null) {
      await releaseReservation(db, reservation);
      throw serverBusy();
    }
    try {
      return await work();
    } finally {
      release();
    }
  }

  async function register(input: Schemas['RegisterRequest'], client: ClientInfo): Promise<User> {
    const name = cleanName(input.name);
    assertNotCommon(input.password, 'password');
    const reservation = await reserveAttempt(db, [{ scope: 'register_ip', key: client.ip, rule: limits.registerPerIp }], clock());
    // Hash before looking at the email, so "taken" and "created" take the same time. Both count.
    const passwordHash = await hashing(reservation, () => hasher.hash(input.password));
    const created = await users.insertUser(db, { email: input.email, name, mobile: normaliseMobile(input.mobile), passwordHash }, clock());
    if (created === null) {
      throw new DomainError('email_taken', 'An account with this email already exists', { field: 'email' });
    }
    return created.user;
  }

  async function login(input: Schemas['LoginRequest'], client: ClientInfo): Promise<SignedIn> {
    // Reserved before the hash: parallel guesses each take one of the account's five attempts.
    const reservation = await reserveAttempt(db, passwordChecks(input.email, client.ip), clock());
    const record = await users.findUserByEmail(db, input.email);
    // Unknown email and wrong password cost the same hash and get the same answer.
    const valid = await hashing(reservation, () =>
      record === null ? hasher.verifyAgainstNobody(input.password) : hasher.verify(input.password, record.passwordHash),
    );
    // A failure keeps its reservation: that is the failed attempt's record.
    if (record === null || !valid) throw invalidCredentials();
    // A success forgives the account's failures and counts against neither the account nor the address.
    await clearEvents(db, 'login_account', accountKey(input.email));
    await releaseReservation(db, reservation);
    const session = await createSession(db, record.user.id, clock(), client.userAgent);
    return { user: record.user, ...session };
  }

  async function authenticate(token: string): Promise<AuthContext | null> {
    const session = await findActiveSession(db, token, clock());
    return session === null ? null : { user: session.record.user, sessionId: session.sessionId };
  }

  async function logout(auth: AuthContext): Promise<void> {
    await revokeSession(db, auth.sessionId, clock());
  }

  async function updateProfile(auth: AuthContext, input: Schemas['ProfileUpdateRequest']): Promise<User> {
    const changes = {
      name: input.name === undefined ? undefined : cleanName(input.name),
      mobile: input.mobile === undefined ? undefined : normaliseMobile(input.mobile),
    };
    return (await users.updateProfile(db, auth.user.id, changes, clock())).user;
  }

  async function changePassword(auth: AuthContext, input: Schemas['ChangePasswordRequest'], client: ClientInfo): Promise<void> {
    // Refused before reserving: a too-common new password says nothing about the current one.
    assertNotCommon(input.new_password, 'new_password');
    // Guessing the current password from a stolen session counts against the account like failed sign-ins.
    const reservation = await reserveAttempt(db, passwordChecks(auth.user.email, client.ip), clock());
    const record = await users.findUserById(db, auth.user.id);
    // One slot for both hashes: a right current password is never refused half-way for lack of a slot.
    const passwordHash = await hashing(reservation, async () => {
      if (record === null || !(await hasher.verify(input.current_password, record.passwordHash))) return null;
      return hasher.hash(input.new_password);
    });
    if (passwordHash === null) {
      throw new DomainError('invalid_current_password', 'The current password is not correct', { field: 'current_password' });
    }
    await db.transaction(async (tx) => {
      await users.updatePasswordHash(tx, auth.user.id, passwordHash, clock());
      await revokeOtherSessions(tx, auth.user.id, auth.sessionId, clock());
      await clearEvents(tx, 'login_account', accountKey(auth.user.email));
      await releaseReservation(tx, reservation);
    });
  }

  async function updateTradeDefaults(auth: AuthContext, defaults: TradeDefaults): Promise<TradeDefaults> {
    return (await users.updateTradeDefaults(db, auth.user.id, defaults, clock())).user.trade_defaults;
  }

  return { register, login, authenticate, logout, updateProfile, changePassword, updateTradeDefaults };
}
