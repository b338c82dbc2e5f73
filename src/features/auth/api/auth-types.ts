import type { components } from '@openapi/main';

type Schemas = components['schemas'];
export type User = Schemas['User'];
export type LoginRequest = Schemas['LoginRequest'];
export type RegisterRequest = Schemas['RegisterRequest'];
