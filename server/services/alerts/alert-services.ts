// The alerts area's services, built together because they share the push sender and the VAPID keys.
import type { Database } from '../../db/database.ts';
import type { Clock } from '../clock.ts';
import type { MarketService } from '../market/market-service.ts';
import { createAlertFeedService, type AlertFeedService } from './alert-feed-service.ts';
import { createPriceAlertsService, type PriceAlertsService } from './price-alerts-service.ts';
import { createPushDevicesService, type PushDevicesService } from './push-devices-service.ts';
import { createPushDispatcher } from './push-dispatcher.ts';
import { createWebPushSender, type PushSender } from './push-sender.ts';
import type { VapidKeys } from './vapid-keys.ts';
import { createAlertWatchers, type AlertWatchers } from './watchers/alert-watchers.ts';
import { marketLastPrices, type LastPriceSource } from './watchers/price-watcher.ts';

export type AlertServices = {
  feed: AlertFeedService;
  priceAlerts: PriceAlertsService;
  pushDevices: PushDevicesService;
  /** Run by the market loop after every pass (server/app.ts). */
  watchers: AlertWatchers;
};

export type PushOptions = {
  vapid: VapidKeys;
  /** Tests only: another transport than web-push over fetch. */
  send?: PushSender | undefined;
  /** Tests only: accept a push service on plain http (a local one). */
  allowHttpEndpoints?: boolean | undefined;
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
  const send = push.send ?? createWebPushSender(push.vapid);
  return {
    feed: createAlertFeedService({ db, clock }),
    priceAlerts: createPriceAlertsService({ db, clock }),
    pushDevices: createPushDevicesService({ db, clock, vapidPublicKey: push.vapid.publicKey, send, allowHttpEndpoints: push.allowHttpEndpoints }),
    watchers: createAlertWatchers({
      db,
      clock,
      prices: prices ?? marketLastPrices(market),
      dispatcher: createPushDispatcher({ db, clock, send }),
    }),
  };
}
