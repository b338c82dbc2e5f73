import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { createMigratedTestDatabase } from './support/test-database.ts';
import { startTestServer } from './support/test-server.ts';

let db: Database;

beforeAll(async () => {
  db = await createMigratedTestDatabase();
});

afterAll(async () => {
  await db.close();
});

function connectSrc(csp: unknown): string | undefined {
  return String(csp)
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith('connect-src '));
}

describe('GET /config.json', () => {
  it('answers same-origin defaults and the documented anonymous key, revalidated every time', async () => {
    const server = await startTestServer({ database: db });
    try {
      const res = await server.app.inject({ method: 'GET', url: '/config.json' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ api_base_url: '', analytics_url: '/analytics', analytics_anon_key: 'strikedesk-public-anon-key', webhook_origin: '' });
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(String(res.headers['content-type'])).toContain('application/json');
      expect(connectSrc(res.headers['content-security-policy'])).toBe("connect-src 'self'");
    } finally {
      await server.close();
    }
  });

  it('answers the configured backends and lets the PWA connect to them', async () => {
    const server = await startTestServer({
      database: db,
      publicConfig: { apiBaseUrl: 'https://api.example.com', analyticsUrl: 'https://abc.supabase.co', analyticsAnonKey: 'anon-123', webhookOrigin: 'https://alerts.example.in' },
      extraConnectSrc: ['wss://abc.supabase.co'],
    });
    try {
      const res = await server.app.inject({ method: 'GET', url: '/config.json' });
      expect(res.json()).toEqual({ api_base_url: 'https://api.example.com', analytics_url: 'https://abc.supabase.co', analytics_anon_key: 'anon-123', webhook_origin: 'https://alerts.example.in' });
      expect(connectSrc(res.headers['content-security-policy'])).toBe(
        "connect-src 'self' wss://abc.supabase.co https://api.example.com https://abc.supabase.co",
      );
    } finally {
      await server.close();
    }
  });

  it('wins over a config.json file in the build folder', async () => {
    const server = await startTestServer({ database: db });
    try {
      const { writeFile } = await import('node:fs/promises');
      await writeFile(`${server.fixture.distDir}/config.json`, '{"api_base_url":"https://stale.example"}');
      expect((await server.app.inject({ method: 'GET', url: '/config.json' })).json()).toMatchObject({ api_base_url: '' });
    } finally {
      await server.close();
    }
  });
});
