// The IV chart with its "Set an IV alert" (issue 40): the chart is the analytics feature's, the alert the alerts
// feature's, composed here as features never import each other.
import { ConditionAlertButton } from '@/features/alerts/components/condition-alert-dialog';
import { VolatilityScreen } from '@/features/analytics/volatility/volatility-screen';

export function VolatilityScreenWithAlerts() {
  return <VolatilityScreen alertAction={(index, expiry) => <ConditionAlertButton subject={{ kind: 'iv', index, expiry }} />} />;
}
