import { ProtectionPanel } from '@/features/positions/components/protection-panel';
import { useProtection } from '@/app/trading/use-protection';

/**
 * A portfolio's protection followed live (use-protection.ts) in its one panel: on Positions with its controls,
 * on the desk (`desk`) beside the positions it watches, in the same words.
 */
export function PortfolioProtection({
  account,
  portfolioId,
  disabled,
  variant = 'full',
}: {
  account: { id: number; broker: string };
  portfolioId: number;
  disabled: boolean;
  variant?: 'full' | 'desk';
}) {
  const { reload, ...read } = useProtection(account, portfolioId);
  // A change made here is read again at once (its answer is the server's; the next read would say the same).
  return <ProtectionPanel portfolioId={portfolioId} read={read} onChanged={reload} disabled={disabled} variant={variant} />;
}
