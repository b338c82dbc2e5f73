// The alerts area's services, built together because they share the push sender and the VAPID keys.
import type { Database } from '../../db/database.ts';
import type { Clock } from '../clock.ts';
import type { MarketService } from '../market/market-service.ts';
import { createAlertFeedService, type AlertFeedService } from './alert-feed-service.ts';
import { createConditionAlertsService, type ConditionAlertsService } from './condition-alerts-service.ts';
import { createPriceAlertsService, type PriceAlertsService } from './price-alerts-service.ts';
import { createPushDevicesService, type PushDevicesService } from './push-devices-service.ts';
import { createPushDispatcher } from './push-dispatcher.ts';
import { createWebPushSender, type PushSender } from './push-sender.ts';
import { createPushTargets, defaultPushServiceHosts, systemResolver, type HostResolver } from './push-targets.ts';
import type { VapidKeys } from './vapid-keys.ts';
import { createAlertWatchers, type AlertWatchers } from './watchers/alert-watchers.ts';
import { marketLastPrices, type LastPriceSource } from './watchers/price-watcher.ts';

export type AlertServices = {
  feed: AlertFeedService;
  priceAlerts: PriceAlertsService;
  /** Alerts on a strategy's premium and on ATM IV (issue 40). */
  conditionAlerts: ConditionAlertsService;
  pushDevices: PushDevicesService;
  /** Run by the market loop after every pass (server/app.ts). */
  watchers: AlertWatchers;
};

export type PushOptions = {
  vapid: VapidKeys;
  /** The push services' hosts endpoints may point at (PUSH_SERVICE_HOSTS; push-targets.ts): the browsers' by default. */
  serviceHosts?: readonly string[] | undefined;
  /** Tests only: a scripted DNS instead of the system's. */
  resolve?: HostResolver | undefined;
  /** Tests only: another transport than web push to the checked endpoint. */
  send?: PushSender | undefined;
};

export type AlertServicesOptions = {
  db: Database;
  clock: Clock;
  market: MarketService;
  push: PushOptions;
  /** Tests only: scripted last prices for the price alerts instead of the market's. */
  prices?: LastPriceSource | undefined;
};

export function createAlertServices({ db, clock, market, push, prices }: AlertServicesOptions): AlertServices {
  const targets = createPushTargets({ hosts: push.serviceHosts ?? defaultPushServiceHosts, resolve: push.resolve ?? systemResolver });
  const send = push.send ?? createWebPushSender(push.vapid, targets);
  return {
    feed: createAlertFeedService({ db, clock }),
    priceAlerts: createPriceAlertsService({ db, clock }),
    conditionAlerts: createConditionAlertsService({ db, clock }),
    pushDevices: createPushDevicesService({ db, clock, vapidPublicKey: push.vapid.publicKey, send, targets }),
    watchers: createAlertWatchers({
      db,
      clock,
      prices: prices ?? marketLastPrices(market),
      dispatcher: createPushDispatcher({ db, clock, send }),
    }),
  };
}
