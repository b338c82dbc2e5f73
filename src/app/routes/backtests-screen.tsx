import { ConfiguredBotEditor } from '@/app/backtests/configured-bot-editor';
import { BacktestsScreen as Backtests } from '@/features/backtests/routes/backtests-screen';

/** /app/backtests with "Configure a bot here": the backtests feature, given the Bots screen's bot form (ARCHITECTURE.md: features meet in app/). */
export function BacktestsScreen() {
  return <Backtests botEditor={ConfiguredBotEditor} />;
}
