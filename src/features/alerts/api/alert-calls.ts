// The alerts feed and the trader's price alerts (contract of issue 12). Reads only, apart from marking read
// and the price alerts themselves: nothing here trades.
import type { components } from '@openapi/main';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

type Schemas = components['schemas'];
export type Alert = Schemas['Alert'];
export type AlertCategory = Schemas['AlertCategory'];
export type AlertSeverity = Schemas['AlertSeverity'];
export type AlertsPage = Schemas['AlertsResponse'];
export type PriceAlert = Schemas['PriceAlert'];
export type PriceAlertCreate = Schemas['PriceAlertCreate'];

export type AlertsQuery = { before?: number; after?: number; category?: AlertCategory; limit?: number };

/** A page of the feed, newest first: `before` pages back, `after` reads only what is newer. */
export async function getAlerts(query: AlertsQuery = {}): Promise<AlertsPage> {
  return requireField(await mainApi().GET('/api/alerts/', { params: { query } }), 'alerts', 'unread', 'as_of');
}

/** Marks every alert up to `upTo` (an id) read; answers how many stay unread. */
export async function updateAlertsRead(upTo: number): Promise<number> {
  return requireField(await mainApi().POST('/api/alerts/read/', { body: { up_to: upTo } }), 'unread').unread;
}

export async function getPriceAlerts(): Promise<PriceAlert[]> {
  return requireField(await mainApi().GET('/api/price-alerts/'), 'price_alerts').price_alerts;
}

export async function createPriceAlert(body: PriceAlertCreate): Promise<PriceAlert> {
  return requireField(await mainApi().POST('/api/price-alerts/', { body }), 'price_alert').price_alert;
}

export async function deletePriceAlert(id: number): Promise<void> {
  requireField(await mainApi().DELETE('/api/price-alerts/{id}/', { params: { path: { id } } }), 'message');
}

export type ConditionAlert = Schemas['ConditionAlert'];
export type ConditionAlertCreate = Schemas['ConditionAlertCreate'];
export type ConditionAlertKind = Schemas['ConditionAlertKind'];

/** The trader's alerts on a strategy's premium and on ATM IV (issue 40), newest first. */
export async function getConditionAlerts(): Promise<ConditionAlert[]> {
  return requireField(await mainApi().GET('/api/condition-alerts/'), 'condition_alerts').condition_alerts;
}

export async function createConditionAlert(body: ConditionAlertCreate): Promise<ConditionAlert> {
  return requireField(await mainApi().POST('/api/condition-alerts/', { body }), 'condition_alert').condition_alert;
}

export async function deleteConditionAlert(id: number): Promise<void> {
  requireField(await mainApi().DELETE('/api/condition-alerts/{id}/', { params: { path: { id } } }), 'message');
}
