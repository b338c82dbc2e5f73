// The IV chart with its "Set an IV alert" (issue 40) and its underlying search box (issue 63: any index or F&O
// stock): the chart is the analytics feature's, the alert the alerts feature's, the search box the market
// feature's, composed here as features never import each other.
import { ConditionAlertButton } from '@/features/alerts/components/condition-alert-dialog';
import { VolatilityScreen } from '@/features/analytics/volatility/volatility-screen';
import { UnderlyingSearch } from '@/components/trading/underlying-search';

export function VolatilityScreenWithAlerts() {
  return (
    <VolatilityScreen
      alertAction={(index, expiry) => <ConditionAlertButton subject={{ kind: 'iv', index, expiry }} />}
      underlyingPicker={(value, onPick) => <UnderlyingSearch value={value} onPick={(row) => onPick(row.symbol)} />}
    />
  );
}
