// The demo account every fresh server has, so a new user can look around at once. Its password is
// printed by `npm start` and given in the README; it is not on the common-password list.
import type { Database } from '../../db/database.ts';
import type { PasswordHasher } from './passwords.ts';
import { findUserByEmail, insertUser } from './users.ts';

export const demoAccount = {
  email: 'demo@strikedesk.in',
  password: 'StrikeDesk@2026',
  name: 'Demo Trader',
  mobile: '+919876543210',
} as const;

/**
 * Creates the demo user when missing; never touches an existing one (its owner may have changed the
 * password). Safe when several servers start at once: the insert ignores a duplicate.
 */
export async function ensureDemoAccount(db: Database, hasher: PasswordHasher, now: Date): Promise<void> {
  if ((await findUserByEmail(db, demoAccount.email)) !== null) return;
  const passwordHash = await hasher.hash(demoAccount.password);
  await insertUser(db, { email: demoAccount.email, name: demoAccount.name, mobile: demoAccount.mobile, passwordHash }, now);
}
