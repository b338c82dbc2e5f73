import type { TradeDefaults } from '@/features/settings/api/settings-types';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

/** Replaces what the order ticket starts from; answers the defaults as saved. */
export async function updateTradeDefaults(defaults: TradeDefaults): Promise<TradeDefaults> {
  const answer = await mainApi().POST('/api/profile/user/update_trade_default/', { body: defaults });
  return requireField(answer, 'trade_defaults').trade_defaults;
}
