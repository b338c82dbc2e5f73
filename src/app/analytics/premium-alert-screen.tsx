// The premium chart with its "Set an alert" (issue 40) and its underlying search box (issue 63: any index or F&O
// stock, its ATM straddle charted): the chart is the analytics feature's, the alert the alerts feature's, the
// search box the market feature's, composed here as features never import each other.
import { ConditionAlertButton } from '@/features/alerts/components/condition-alert-dialog';
import { PremiumScreen } from '@/features/analytics/premium/routes/premium-screen';
import { UnderlyingSearch } from '@/components/trading/underlying-search';

export function PremiumScreenWithAlerts() {
  return (
    <PremiumScreen
      alertAction={(legs) => <ConditionAlertButton subject={{ kind: 'premium', legs }} />}
      underlyingPicker={(value, onPick) => <UnderlyingSearch value={value} onPick={(row) => onPick({ symbol: row.symbol, kind: row.kind })} />}
    />
  );
}
