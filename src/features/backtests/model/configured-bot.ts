// A bot configured on the spot for one backtest: a daily or trading bot's create body without its portfolio
// (the backtest form chooses that). The fields are edited by the Bots screen's own form, which this feature
// cannot import (features never import each other): src/app hands it in as a BotEditor.
import type { ComponentType } from 'react';
import type { components } from '@openapi/main';

type Schemas = components['schemas'];
export type ConfiguredBot = Omit<Schemas['DailyBotCreate'], 'portfolio_id'> | Omit<Schemas['TradingBotCreate'], 'portfolio_id'>;

export type BotEditorProps = {
  /** The editor's <form> id: the backtest form submits it to have the bot checked. */
  formId: string;
  kind: Schemas['BotKind'];
  /** Called with the bot once every field is valid, as the Bots screen's form would save it. */
  onConfigured: (bot: ConfiguredBot) => void;
};

export type BotEditor = ComponentType<BotEditorProps>;
