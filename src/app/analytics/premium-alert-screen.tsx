// The premium chart with its "Set an alert" (issue 40): the chart is the analytics feature's, the alert the alerts
// feature's, composed here as features never import each other.
import { ConditionAlertButton } from '@/features/alerts/components/condition-alert-dialog';
import { PremiumScreen } from '@/features/analytics/premium/routes/premium-screen';

export function PremiumScreenWithAlerts() {
  return <PremiumScreen alertAction={(legs) => <ConditionAlertButton subject={{ kind: 'premium', legs }} />} />;
}
