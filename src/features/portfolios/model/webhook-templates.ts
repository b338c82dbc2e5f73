// Ready-to-paste alert messages (docs/api.md#webhooks). TradingView fills {{ticker}} and {{timenow}} when the
// alert fires: the alert id makes a repeat of the same firing a duplicate, and the timestamp lets the server
// refuse a delivery more than a minute late.

/** TradingView's entry message: the bot's own legs when its strategy has a shape, else a call bought at the money. */
export function tradingViewEnter(ownLegs: boolean): string {
  const legs = ownLegs ? '' : ',\n  "legs": [{ "strike": "ATM", "option_type": "CE", "side": "BUY" }]';
  return `{\n  "action": "enter",\n  "alert_id": "{{ticker}}-enter-{{timenow}}",\n  "timestamp": "{{timenow}}"${legs}\n}`;
}

export const tradingViewExit = '{\n  "action": "exit",\n  "alert_id": "{{ticker}}-exit-{{timenow}}",\n  "timestamp": "{{timenow}}"\n}';

/** ChartInk's body is fixed: its alert's name carries the action. */
export const chartinkEnter = 'enter NIFTY breakout';
export const chartinkExit = 'exit NIFTY breakout';
