// The trader's devices that receive web push: the settings screen lists them with the topics each chose,
// subscribes this browser (upsert by endpoint), removes one, and sends a test notification.
import { doneTexts, told } from '../texts/done-texts.ts';
import type { components } from '../../../openapi/main.d.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../clock.ts';
import { DomainError, notFound } from '../domain-error.ts';
import { pushDeviceTexts, pushTestTexts } from '../texts/alert-refusal-texts.ts';
import { localTextOf } from '../texts/said.ts';
import { actionOf, pushTopics, type PushTopic } from './push-payload.ts';
import type { PushSender } from './push-sender.ts';
import type { PushTargets } from './push-targets.ts';

type Schemas = components['schemas'];
type PushDevice = Schemas['PushDevice'];

/** Phones, tablets and browsers one trader may register. */
export const devicesPerUser = 10;

type DeviceRow = { endpoint: string; label: string; topics: string[]; created_at: Date; last_sent_at: Date | null; last_error: string | null; last_error_i18n: unknown };

const isTopic = (topic: string): topic is PushTopic => (pushTopics as readonly string[]).includes(topic);

function deviceOf(row: DeviceRow): PushDevice {
  return {
    endpoint: row.endpoint,
    label: row.label,
    topics: row.topics.filter(isTopic),
    created_at: new Date(row.created_at).toISOString(),
    last_sent_at: row.last_sent_at === null ? null : new Date(row.last_sent_at).toISOString(),
    last_error: row.last_error,
    last_error_i18n: localTextOf(row.last_error_i18n),
  };
}

/** Bytes of a base64url (or base64) text, or null when it is not one. */
function decodedLength(text: string): number | null {
  const body = text.replace(/=+$/, '');
  if (!/^[A-Za-z0-9_-]+$/.test(body)) return null;
  return Buffer.from(body, 'base64url').length;
}

export type PushDevicesOptions = {
  db: Database;
  clock: Clock;
  vapidPublicKey: string;
  send: PushSender;
  /** Which endpoints may be saved: the push services' hosts at public addresses. */
  targets: PushTargets;
};

export function createPushDevicesService({ db, clock, vapidPublicKey, send, targets }: PushDevicesOptions) {
  const columns = 'endpoint, label, topics, created_at, last_sent_at, last_error, last_error_i18n';

  async function settings(userId: number): Promise<Schemas['PushSettingsResponse']> {
    const { rows } = await db.query<DeviceRow>(`SELECT ${columns} FROM push_devices WHERE user_id = $1 ORDER BY created_at, id`, [userId]);
    return { vapid_public_key: vapidPublicKey, devices: rows.map(deviceOf) };
  }

  async function checkSubscription(body: Schemas['PushDeviceSave']): Promise<void> {
    // What the browser's PushSubscription holds: a P-256 public key (65 bytes) and a 16-byte auth secret.
    if (decodedLength(body.keys.p256dh) !== 65 || Buffer.from(body.keys.p256dh.replace(/=+$/, ''), 'base64url')[0] !== 4) {
      throw DomainError.said('validation_failed', pushDeviceTexts.badPublicKey, { field: 'keys.p256dh' });
    }
    if (decodedLength(body.keys.auth) !== 16) {
      throw DomainError.said('validation_failed', pushDeviceTexts.badAuthSecret, { field: 'keys.auth' });
    }
    if (body.label.trim() === '') throw DomainError.said('validation_failed', pushDeviceTexts.labelRequired, { field: 'label' });
    // Last: the only check that may ask DNS.
    const checked = await targets.check(body.endpoint);
    if (!checked.ok) throw DomainError.said('validation_failed', pushDeviceTexts.endpointRefused(checked.refusal), { field: 'endpoint' });
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
        throw DomainError.said('invalid_params', pushDeviceTexts.tooMany(devicesPerUser), { field: 'endpoint' });
      }
      const { rows } = await tx.query<DeviceRow>(
        `INSERT INTO push_devices (user_id, endpoint, p256dh, auth, label, topics, created_at) VALUES ($1, $2, $3, $4, $5, $6::text[], $7)
         ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, label = EXCLUDED.label,
           topics = EXCLUDED.topics, last_error = NULL, last_error_i18n = NULL,
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
    return told(doneTexts.pushDeviceRemoved(rows.length > 0));
  }

  async function test(userId: number, endpoint: string): Promise<Schemas['CodedMessageResponse']> {
    const { rows } = await db.query<{ id: number; endpoint: string; p256dh: string; auth: string }>(
      'SELECT id, endpoint, p256dh, auth FROM push_devices WHERE user_id = $1 AND endpoint = $2',
      [userId, endpoint],
    );
    const device = rows[0];
    if (device === undefined) throw notFound('push_device');
    const payload = {
      // Coded like every push, so the service worker says it in the trader's language (sw/push-text.ts).
      title: pushTestTexts.title.text,
      body: pushTestTexts.body.text,
      title_i18n: pushTestTexts.title.i18n,
      body_i18n: pushTestTexts.body.i18n,
      tag: 'test',
      url: '/app/strategy_alerts',
      alert_id: null,
      category: null,
      event: null,
      actions: [actionOf('open')],
    };
    const outcome = await send(device, JSON.stringify(payload), { ttlSeconds: 5 * 60, urgency: 'normal' });
    const now = clock();
    if (outcome.ok) {
      await db.query('UPDATE push_devices SET last_sent_at = $2, last_error = NULL, last_error_i18n = NULL WHERE id = $1', [device.id, now]);
      return told(pushTestTexts.sent);
    }
    if (outcome.gone) {
      await db.query('DELETE FROM push_devices WHERE id = $1', [device.id]);
      return told(pushTestTexts.gone);
    }
    await db.query('UPDATE push_devices SET last_error = $2, last_error_i18n = $3::jsonb WHERE id = $1', [device.id, outcome.reason.text, JSON.stringify(outcome.reason.i18n)]);
    return told(pushTestTexts.notDelivered(outcome.reason));
  }

  return { settings, save, remove, test };
}

export type PushDevicesService = ReturnType<typeof createPushDevicesService>;
