// The users table. Rows become the contract's User here, field by field, so the password hash can
// never reach an answer by accident.
import type { components } from '../../../openapi/main.d.ts';
import type { Queryable } from '../../db/database.ts';

export type User = components['schemas']['User'];
export type TradeDefaults = components['schemas']['TradeDefaults'];

/** What a new account's order ticket starts from. */
export const defaultTradeDefaults: TradeDefaults = {
  product: 'MIS',
  order_type: 'MARKET',
  lots: 1,
  index: 'NIFTY',
  confirm_before_order: true,
};

export type UserRecord = { user: User; passwordHash: string };

type UserRow = {
  id: number;
  email: string;
  name: string;
  mobile: string;
  trade_defaults: Partial<TradeDefaults> | null;
  password_hash: string;
};

export const userColumns = 'id, email, name, mobile, trade_defaults, password_hash';

export function toUserRecord(row: UserRow): UserRecord {
  return {
    user: {
      id: Number(row.id),
      email: row.email,
      name: row.name,
      mobile: row.mobile,
      // Defaults fill any field added after the row was written.
      trade_defaults: { ...defaultTradeDefaults, ...row.trade_defaults },
    },
    passwordHash: row.password_hash,
  };
}

export type NewUser = { email: string; name: string; mobile: string; passwordHash: string };

/** Null when the email (in any letter case) is already registered. */
export async function insertUser(db: Queryable, input: NewUser, now: Date): Promise<UserRecord | null> {
  const { rows } = await db.query<UserRow>(
    `INSERT INTO users (email, name, mobile, password_hash, trade_defaults, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $6)
     ON CONFLICT ((lower(email))) DO NOTHING
     RETURNING ${userColumns}`,
    [input.email, input.name, input.mobile, input.passwordHash, JSON.stringify(defaultTradeDefaults), now],
  );
  return rows[0] === undefined ? null : toUserRecord(rows[0]);
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRecord | null> {
  const { rows } = await db.query<UserRow>(`SELECT ${userColumns} FROM users WHERE lower(email) = lower($1)`, [email]);
  return rows[0] === undefined ? null : toUserRecord(rows[0]);
}

export async function findUserById(db: Queryable, id: number): Promise<UserRecord | null> {
  const { rows } = await db.query<UserRow>(`SELECT ${userColumns} FROM users WHERE id = $1`, [id]);
  return rows[0] === undefined ? null : toUserRecord(rows[0]);
}

export type ProfileChanges = { name?: string | undefined; mobile?: string | undefined };

export async function updateProfile(db: Queryable, id: number, changes: ProfileChanges, now: Date): Promise<UserRecord> {
  const { rows } = await db.query<UserRow>(
    `UPDATE users SET name = coalesce($2, name), mobile = coalesce($3, mobile), updated_at = $4
     WHERE id = $1 RETURNING ${userColumns}`,
    [id, changes.name ?? null, changes.mobile ?? null, now],
  );
  if (rows[0] === undefined) throw new Error(`User ${id} vanished during a profile update`);
  return toUserRecord(rows[0]);
}

export async function updatePasswordHash(db: Queryable, id: number, passwordHash: string, now: Date): Promise<void> {
  await db.query('UPDATE users SET password_hash = $2, updated_at = $3 WHERE id = $1', [id, passwordHash, now]);
}

export async function updateTradeDefaults(db: Queryable, id: number, defaults: TradeDefaults, now: Date): Promise<UserRecord> {
  const { rows } = await db.query<UserRow>(
    `UPDATE users SET trade_defaults = $2::jsonb, updated_at = $3 WHERE id = $1 RETURNING ${userColumns}`,
    [id, JSON.stringify(defaults), now],
  );
  if (rows[0] === undefined) throw new Error(`User ${id} vanished during a trade-defaults update`);
  return toUserRecord(rows[0]);
}
