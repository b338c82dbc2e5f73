/**
 * Push on THIS device: the server's list of the trader's devices, this browser's own subscription, and the
 * steps to turn it on (permission, subscribe with the server's VAPID key, register with the server), change
 * its topics, test it and turn it off (unsubscribe, then forget it on the server).
 */
import { useCallback, useEffect, useState } from 'react';
import { useReloadWhenOnline } from '@/lib/network/use-reload-when-online';
import { useLastKnown } from '@/lib/persist/last-known';
import {
  createTestPush,
  deletePushDevice,
  getPushSettings,
  updatePushDevice,
  type PushDevice,
  type PushSettings,
  type PushTopic,
} from '@/features/settings/api/push-calls';
import { deviceLabel, pushSupport, pushTopics, subscriptionKeys, vapidKeyBytes } from '@/features/settings/model/push-support';

/** Why turning on did not happen, when it was not the server's refusal. */
export class PushSetupError extends Error {
  constructor(readonly reason: 'denied' | 'no_worker' | 'subscribe_failed') {
    super(reason);
  }
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export function usePushDevice() {
  const support = pushSupport();
  const [fresh, setSettings] = useState<PushSettings | null>(null);
  const [failed, setFailed] = useState(false);
  const [subscription, setSubscription] = useState<PushSubscription | null>(null);
  const [permission, setPermission] = useState<NotificationPermission | null>(support === 'supported' ? Notification.permission : null);
  const [stamp, setStamp] = useState(0);
  const reload = useCallback(() => setStamp((value) => value + 1), []);

  useEffect(() => {
    let current = true;
    const own = support === 'supported' ? currentSubscription().catch(() => null) : Promise.resolve(null);
    Promise.all([getPushSettings(), own])
      .then(([loaded, subscribed]) => {
        if (!current) return;
        setSettings(loaded);
        setSubscription(subscribed);
        setFailed(false);
      })
      .catch(async () => {
        if (!current) return;
        setFailed(true);
        // This device's subscription is the browser's own, known offline too.
        const subscribed = await own;
        if (current) setSubscription(subscribed);
      });
    return () => {
      current = false;
    };
  }, [support, stamp]);
  useReloadWhenOnline(failed, reload);

  // Offline (or the server unreachable): the settings last read, as of their time (issue 36).
  const kept = useLastKnown('settings:push', failed ? undefined : (fresh ?? undefined), failed);
  const settings = kept.value ?? fresh;

  const keep = (device: PushDevice) =>
    setSettings((old) => old && { ...old, devices: [...old.devices.filter((entry) => entry.endpoint !== device.endpoint), device] });
  const forget = (endpoint: string) =>
    setSettings((old) => old && { ...old, devices: old.devices.filter((entry) => entry.endpoint !== endpoint) });

  const thisDevice = settings?.devices.find((device) => device.endpoint === subscription?.endpoint) ?? null;

  const save = async (subscribed: PushSubscription, label: string, topics: PushTopic[]) => {
    const keys = subscriptionKeys(subscribed);
    if (keys === null) throw new PushSetupError('subscribe_failed');
    keep(await updatePushDevice({ endpoint: subscribed.endpoint, keys, label, topics }));
  };

  /** Throws PushSetupError or the server's ApiError. */
  const enable = async () => {
    if (settings === null) return;
    const answer = await Notification.requestPermission();
    setPermission(answer);
    if (answer !== 'granted') throw new PushSetupError('denied');
    const registration = await navigator.serviceWorker.getRegistration();
    if (registration === undefined) throw new PushSetupError('no_worker');
    let subscribed: PushSubscription;
    try {
      subscribed = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: vapidKeyBytes(settings.vapid_public_key) });
    } catch {
      throw new PushSetupError('subscribe_failed');
    }
    setSubscription(subscribed);
    await save(subscribed, deviceLabel(navigator.userAgent), [...pushTopics]);
  };

  const setTopics = async (topics: PushTopic[]) => {
    if (subscription !== null && thisDevice !== null) await save(subscription, thisDevice.label, topics);
  };

  const sendTest = () => (subscription === null ? Promise.reject(new PushSetupError('no_worker')) : createTestPush(subscription.endpoint));

  const disable = async () => {
    if (subscription === null) return;
    // Stop the browser first: even if the server cannot be told now, nothing more arrives here.
    await subscription.unsubscribe().catch(() => false);
    setSubscription(null);
    await deletePushDevice(subscription.endpoint);
    forget(subscription.endpoint);
  };

  const removeDevice = async (endpoint: string) => {
    await deletePushDevice(endpoint);
    forget(endpoint);
  };

  const others = settings?.devices.filter((device) => device.endpoint !== thisDevice?.endpoint) ?? [];
  return { support, permission, settings, asOf: kept.asOf, failed, reload, thisDevice, others, enable, setTopics, sendTest, disable, removeDevice };
}
