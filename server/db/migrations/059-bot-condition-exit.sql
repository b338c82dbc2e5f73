-- Issue 40: a bot exits on its exit condition (a premium or IV condition, bots/engine/conditions.ts) as an action of
-- its own, 'condition_exit', so its run, its alert and a backtest's trades say what closed the position.
ALTER TABLE bot_actions DROP CONSTRAINT bot_actions_action_check;
ALTER TABLE bot_actions ADD CONSTRAINT bot_actions_action_check
  CHECK (action IN ('enter', 're_enter', 'exit', 'stop_loss', 'target', 'trailing_stop', 'leg_stop_loss', 'signal_exit', 'pause_exit', 'condition_exit'));
