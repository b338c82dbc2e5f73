import type { components } from '@openapi/main';

type Schemas = components['schemas'];
export type BotState = Schemas['BotState'];
export type BotStates = Schemas['BotStatesResponse'];
export type BotDayState = Schemas['BotDayState'];
export type BotRun = Schemas['BotRun'];
export type BotRuns = Schemas['BotRunsResponse'];
export type BotActionRecord = Schemas['BotActionRecord'];
export type BotActionName = Schemas['BotActionName'];
export type BotActionStatus = Schemas['BotActionStatus'];
export type PauseAction = Schemas['PauseAction'];
