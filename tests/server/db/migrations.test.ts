import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { loadMigrations, migrate, type Migration } from '../../../server/db/migrate.ts';
import { createTestDatabase, testBackends } from '../support/test-database.ts';

// With pg-boss's (migration 098): archive, job and its queues' partitions (j + the sha224 of each name), queue,
// schedule, subscription, version.
const tables = [
  'account_security_events',
  'alert_reads',
  'alert_watch_cursors',
  'alerts',
  'analytics_candles',
  'analytics_index_config',
  'archive',
  'backtests',
  'base_strategies',
  'bot_actions',
  'bot_approval_settings',
  'bot_holdings',
  'bot_proposals',
  'bot_runs',
  'bot_trades',
  'bot_webhooks',
  'bots',
  'broker_accounts',
  'broker_instrument_facts',
  'broker_login_states',
  'broker_order_rules',
  'broker_order_streams',
  'broker_request_tokens',
  'broker_tariffs',
  'brokers',
  'charge_rates',
  'commentary',
  'condition_alerts',
  'daily_bots',
  'daily_data',
  'data',
  'delivery_charge_rates',
  'equity_delivery_charge_rates',
  'execution_defaults',
  'execution_policies',
  'expiry_weekdays',
  'fo_ban_days',
  'fo_ban_rules',
  'fo_ban_securities',
  'fo_memberships',
  'fo_segment_starts',
  'freeze_quantities',
  'futures_carry_rates',
  'history_combined_oi',
  'history_day_claims',
  'history_future_days',
  'history_future_minutes',
  'history_import_upload_files',
  'history_import_uploads',
  'history_imports',
  'history_index_days',
  'history_index_minutes',
  'history_option_days',
  'history_option_minute_fetches',
  'history_option_minutes',
  'history_participant_oi',
  'history_recorded_option_days',
  'idempotency_keys',
  'index_config',
  'index_names',
  'instruments',
  'j15bf51b7a1624f59ed5197d51fba22ab5b1e3dcfd5db4c0ccce8e323',
  'j26383135702be3625d6e24254514fb512ed6aaaf66da0a702fee8d04',
  'j507b0f3c23eed2ffe61e3a9ca9d6a78f237a3bc4939c7f8315dd4e2a',
  'job',
  'kill_switch_events',
  'kite_api_calls',
  'kite_instrument_loads',
  'kite_instruments',
  'kite_order_polls',
  'kite_orders',
  'kite_sends',
  'kite_tags',
  'kite_trades',
  'lot_revisions',
  'margin_params',
  'market_calendar',
  'market_candles',
  'market_index_state',
  'market_open_interest',
  'market_sessions',
  'market_simulation',
  'order_sends',
  'paper_cash',
  'paper_deliveries',
  'paper_holding_trades',
  'paper_order_states',
  'paper_orders',
  'paper_positions',
  'paper_trades',
  'physical_delivery_margins',
  'portfolio_protections',
  'portfolios',
  'price_alerts',
  'price_protection_bands',
  'proposal_tokens',
  'push_devices',
  'queue',
  'replay_actions',
  'replay_owners',
  'replays',
  'repricing_orders',
  'repricing_steps',
  'risk_days',
  'risk_limits',
  'schedule',
  'schema_migrations',
  'screener',
  'sessions',
  'stock_expiry_weekdays',
  'stock_margin_rates',
  'stock_option_ticks',
  'stock_simulation',
  'stream_notices',
  'subscription',
  'throttle_events',
  'tick_sizes',
  'trading_bots',
  'underlying_data_version',
  'underlyings',
  'users',
  'version',
  'webhook_alerts',
];

async function tableNames(db: Database): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name",
  );
  return rows.map((row) => row.name);
}

describe.each(testBackends)('migrations on %s', (backend) => {
  let db: Database;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
  });

  afterAll(async () => {
    await db.close();
  });

  it('apply every migration once, and nothing the second time', async () => {
    const all = await loadMigrations();
    expect(await migrate(db)).toEqual(all.map((migration) => migration.version));
    expect(await migrate(db)).toEqual([]);
    expect(await tableNames(db)).toEqual(tables);
    const { rows } = await db.query<{ version: number; name: string }>('SELECT version, name FROM schema_migrations ORDER BY version');
    expect(rows).toEqual(all.map(({ version, name }) => ({ version, name })));
  });

  it('let concurrent starts take turns (advisory lock): each migration runs once', async () => {
    const fresh = await createTestDatabase(backend);
    try {
      const results = await Promise.all([migrate(fresh), migrate(fresh), migrate(fresh)]);
      expect(results.flat()).toEqual((await loadMigrations()).map((migration) => migration.version));
    } finally {
      await fresh.close();
    }
  });

  it('roll back entirely when one migration fails', async () => {
    const fresh = await createTestDatabase(backend);
    const broken: Migration[] = [
      { version: 1, name: 'good', up: (tx) => tx.exec('CREATE TABLE good_table (id integer)') },
      { version: 2, name: 'bad', up: (tx) => tx.exec('CREATE TABLE oops (id no_such_type)') },
    ];
    try {
      await expect(migrate(fresh, broken)).rejects.toThrow(/no_such_type/);
      expect(await tableNames(fresh)).not.toContain('good_table');
      expect(await migrate(fresh, broken.slice(0, 1))).toEqual([1]);
    } finally {
      await fresh.close();
    }
  });

  it('enforce the account rules in the schema too', async () => {
    const now = new Date();
    const insert = (email: string, mobile = '+919876543210') =>
      db.query(
        `INSERT INTO users (email, name, mobile, password_hash, trade_defaults, created_at, updated_at)
         VALUES ($1, 'N', $2, 'x', '{}'::jsonb, $3, $3)`,
        [email, mobile, now],
      );
    await insert('case@example.in');
    await expect(insert('CASE@example.in')).rejects.toMatchObject({ code: '23505' });
    await expect(insert('other@example.in', '9876543210')).rejects.toMatchObject({ code: '23514' });
  });

  it('commit a transaction that resolves and roll back one that throws', async () => {
    await db.exec('CREATE TABLE tx_probe (n integer)');
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO tx_probe VALUES ($1)', [1]);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO tx_probe VALUES ($1)', [2]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const { rows } = await db.query<{ n: number }>('SELECT n FROM tx_probe');
    expect(rows).toEqual([{ n: 1 }]);
  });
});

describe('loadMigrations', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'strikedesk-migrations-'));
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
    dir = await mkdtemp(join(tmpdir(), 'strikedesk-migrations-'));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('orders .sql and .ts migrations by version', async () => {
    await writeFile(join(dir, '010-later.sql'), 'SELECT 1;');
    await writeFile(join(dir, '002-code.ts'), 'export async function up(tx) { await tx.exec("SELECT 2"); }\n');
    await writeFile(join(dir, '001-first.sql'), 'SELECT 1;');
    const migrations = await loadMigrations(dir);
    expect(migrations.map(({ version, name }) => `${version}:${name}`)).toEqual(['1:first', '2:code', '10:later']);
  });

  it.each([
    [['1-short.sql'], /look like 001-create-users.sql/],
    [['001-Capital.sql'], /look like/],
    [['001-a.sql', '001-b.sql'], /share version 1/],
  ])('refuses %j', async (files, message) => {
    for (const file of files) await writeFile(join(dir, file), 'SELECT 1;');
    await expect(loadMigrations(dir)).rejects.toThrow(message);
  });

  it('refuses a .ts migration without up()', async () => {
    await writeFile(join(dir, '001-empty.ts'), 'export const nothing = 1;\n');
    await expect(loadMigrations(dir)).rejects.toThrow(/must export an up\(tx\) function/);
  });
});
