import type { components } from '@openapi/main';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

type Schemas = components['schemas'];
export type BotWebhook = Schemas['BotWebhook'];
export type BotWebhookChange = Schemas['BotWebhookChange'];
export type BotWebhookSaved = Schemas['BotWebhookSaved'];
export type WebhookAlertRecord = Schemas['WebhookAlertRecord'];

/** A trading bot's webhook (null when off) and its latest alerts, newest first. */
export async function getBotWebhook(id: number): Promise<Schemas['BotWebhookResponse']> {
  const answer = await mainApi().GET('/api/trading_bots/trading_bot/{id}/webhook/', { params: { path: { id } } });
  return requireField(answer, 'alerts');
}

/** Turns the webhook on or changes it; the answer carries a new address or secret this once. */
export async function updateBotWebhook(id: number, change: BotWebhookChange): Promise<BotWebhookSaved> {
  const answer = await mainApi().PUT('/api/trading_bots/trading_bot/{id}/webhook/', { params: { path: { id } }, body: change });
  return requireField(answer, 'webhook');
}

/** Turns the webhook off: its address stops working at once. */
export async function deleteBotWebhook(id: number): Promise<string> {
  const answer = await mainApi().DELETE('/api/trading_bots/trading_bot/{id}/webhook/', { params: { path: { id } } });
  return requireField(answer, 'message').message;
}
