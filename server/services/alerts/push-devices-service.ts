// The trader's devices that receive web push: the settings screen lists them with the topics each chose,
// subscribes this browser (upsert by endpoint), removes one, and sends a test notification.
import type { components } from '../../../openapi/main.d.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../clock.ts';
import { DomainError, notFound } from '../domain-error.ts';
import { pushTopics, type PushTopic } from './push-payload.ts';
import type { PushSender } from './push-sender.ts';
import type { PushRefusal, PushTargets } from './push-targets.ts';

type Schemas = components['schemas'];
type PushDevice = Schemas['PushDevice'];

/** Phones, tablets and browsers one trader may register. */
export const devicesPerUser = 10;

type DeviceRow = { endpoint: string; label: string; topics: string[]; created_at: Date; last_sent_at: Date | null; last_error: string | null };

const isTopic = (topic: string): topic is PushTopic => (pushTopics as readonly string[]).includes(topic);

function deviceOf(row: DeviceRow): PushDevice {
  return {
    endpoint: row.endpoint,
    label: row.label,
    topics: row.topics.filter(isTopic),
    created_at: new Date(row.created_at).toISOString(),
    last_sent_at: row.last_sent_at === null ? null : new Date(row.last_sent_at).toISOString(),
    last_error: row.last_error,
  };
}

/** Bytes of a base64url (or base64) text, or null when it is not one. */
function decodedLength(text: string): number | null {
  const body = text.replace(/=+$/, '');
  if (!/^[A-Za-z0-9_-]+$/.test(body)) return null;
  return Buffer.from(body, 'base64url').length;
}

/** Why an endpoint is refused when a device is saved (push-targets.ts checks it again before every send). */
const endpointRefusals: Record<PushRefusal, string> = {
  not_https: 'A push endpoint must be an https URL, as browsers give it in their PushSubscription.',
  port: "A push endpoint must use its push service's usual https port.",
  host: "Notifications go only to the browsers' push services (Google, Mozilla, Apple, Microsoft), and this endpoint is not one of them.",
  address: 'This push endpoint leads to a private or local network address, where notifications are never sent.',
  unresolved: 'The push service of this endpoint could not be found. Try again in a moment.',
};

export type PushDevicesOptions = {
  db: Database;
  clock: Clock;
  vapidPublicKey: string;
  send: PushSender;
  /** Which endpoints may be saved: the push services' hosts at public addresses. */
  targets: PushTargets;
};

export function createPushDevicesService({ db, clock, vapidPublicKey, send, targets }: PushDevicesOptions) {
  const columns = 'endpoint, label, topics, created_at, last_sent_at, last_error';

  async function settings(userId: number): Promise<Schemas['PushSettingsResponse']> {
    const { rows } = await db.query<DeviceRow>(`SELECT ${columns} FROM push_devices WHERE user_id = $1 ORDER BY created_at, id`, [userId]);
    return { vapid_public_key: vapidPublicKey, devices: rows.map(deviceOf) };
  }

  async function checkSubscription(body: Schemas['PushDeviceSave']): Promise<void> {
    // What the browser's PushSubscription holds: a P-256 public key (65 bytes) and a 16-byte auth secret.
    if (decodedLength(body.keys.p256dh) !== 65 || Buffer.from(body.keys.p256dh.replace(/=+$/, ''), 'base64url')[0] !== 4) {
      throw new DomainError('validation_failed', 'keys.p256dh must be the subscription\'s P-256 public key (65 bytes, base64url).', { field: 'keys.p256dh' });
    }
    if (decodedLength(body.keys.auth) !== 16) {
      throw new DomainError('validation_failed', 'keys.auth must be the subscription\'s 16-byte auth secret (base64url).', { field: 'keys.auth' });
    }
    if (body.label.trim() === '') throw new DomainError('validation_failed', 'Give the device a name, e.g. "Pixel 8, Chrome".', { field: 'label' });
    // Last: the only check that may ask DNS.
    const checked = await targets.check(body.endpoint);
    if (!checked.ok) throw new DomainError('validation_failed', endpointRefusals[checked.refusal], { field: 'endpoint' });
  }

  /**
   * Subscribes a device or changes its topics. An endpoint is one browser: saved by another trader, it moves to
   * this one (the same browser, signed in as someone else), so nobody receives another trader's alerts.
   */
  async function save(userId: number, body: Schemas['PushDeviceSave']): Promise<Schemas['PushDeviceResponse']> {
    await checkSubscription(body);
    return db.transaction(async (tx) => {
      // Serialises this trader's saves, so two at once cannot both pass the device cap.
      await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
      const { rows: counted } = await tx.query<{ count: string }>('SELECT count(*) AS count FROM push_devices WHERE user_id = $1 AND endpoint <> $2', [
        userId,
        body.endpoint,
      ]);
      if (Number(counted[0]?.count ?? 0) >= devicesPerUser) {
        throw new DomainError('invalid_params', `You already receive notifications on ${devicesPerUser} devices, the most one may: remove one first.`, {
          field: 'endpoint',
        });
      }
      const { rows } = await tx.query<DeviceRow>(
        `INSERT INTO push_devices (user_id, endpoint, p256dh, auth, label, topics, created_at) VALUES ($1, $2, $3, $4, $5, $6::text[], $7)
         ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, label = EXCLUDED.label,
           topics = EXCLUDED.topics, last_error = NULL,
           created_at = CASE WHEN push_devices.user_id = EXCLUDED.user_id THEN push_devices.created_at ELSE EXCLUDED.created_at END,
           last_sent_at = CASE WHEN push_devices.user_id = EXCLUDED.user_id THEN push_devices.last_sent_at END
         RETURNING ${columns}`,
        [userId, body.endpoint, body.keys.p256dh, body.keys.auth, body.label.trim(), body.topics, clock()],
      );
      return { device: deviceOf(rows[0]!) };
    });
  }

  async function remove(userId: number, endpoint: string): Promise<Schemas['MessageResponse']> {
    const { rows } = await db.query('DELETE FROM push_devices WHERE user_id = $1 AND endpoint = $2 RETURNING id', [userId, endpoint]);
    return { message: rows.length > 0 ? 'This device will no longer receive notifications.' : 'This device was not receiving notifications.' };
  }

  async function test(userId: number, endpoint: string): Promise<Schemas['MessageResponse']> {
    const { rows } = await db.query<{ id: number; endpoint: string; p256dh: string; auth: string }>(
      'SELECT id, endpoint, p256dh, auth FROM push_devices WHERE user_id = $1 AND endpoint = $2',
      [userId, endpoint],
    );
    const device = rows[0];
    if (device === undefined) throw notFound('Push device');
    const payload = {
      title: 'StrikeDesk test notification',
      body: 'Notifications reach this device.',
      tag: 'test',
      url: '/app/strategy_alerts',
      alert_id: null,
      category: null,
      event: null,
      actions: [{ action: 'open', title: 'Open' }],
    };
    const outcome = await send(device, JSON.stringify(payload), { ttlSeconds: 5 * 60, urgency: 'normal' });
    const now = clock();
    if (outcome.ok) {
      await db.query('UPDATE push_devices SET last_sent_at = $2, last_error = NULL WHERE id = $1', [device.id, now]);
      return { message: 'Test notification sent.' };
    }
    if (outcome.gone) {
      await db.query('DELETE FROM push_devices WHERE id = $1', [device.id]);
      return { message: 'The push service says this subscription has ended, so the device was removed: turn notifications on again.' };
    }
    await db.query('UPDATE push_devices SET last_error = $2 WHERE id = $1', [device.id, outcome.message]);
    return { message: `The test notification was not delivered: ${outcome.message}` };
  }

  return { settings, save, remove, test };
}

export type PushDevicesService = ReturnType<typeof createPushDevicesService>;
