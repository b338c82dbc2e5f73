// Web push devices (contract of issue 12): the server's VAPID key, this trader's devices and their topics.
import type { components } from '@openapi/main';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

type Schemas = components['schemas'];
export type PushSettings = Schemas['PushSettingsResponse'];
export type PushDevice = Schemas['PushDevice'];
export type PushDeviceSave = Schemas['PushDeviceSave'];
export type PushTopic = Schemas['PushTopic'];

export async function getPushSettings(): Promise<PushSettings> {
  return requireField(await mainApi().GET('/api/push/'), 'vapid_public_key', 'devices');
}

/** Subscribes a device, or changes its topics (the endpoint is the key). */
export async function updatePushDevice(body: PushDeviceSave): Promise<PushDevice> {
  return requireField(await mainApi().PUT('/api/push/devices/', { body }), 'device').device;
}

export async function deletePushDevice(endpoint: string): Promise<void> {
  requireField(await mainApi().POST('/api/push/devices/remove/', { body: { endpoint } }), 'message');
}

/** What the server says of a test push: its English and its code (said in the trader's language). */
export type TestPushOutcome = Schemas['CodedMessageResponse'];

/** Asks the server to push a test to this device; answers what the push service said. */
export async function createTestPush(endpoint: string): Promise<TestPushOutcome> {
  return requireField(await mainApi().POST('/api/push/test/', { body: { endpoint } }), 'message');
}
