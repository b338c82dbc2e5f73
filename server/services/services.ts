// Builds the domain services over one database. Later areas (brokers, portfolios, bots, orders) add
// their service here, and routes reach them through the route context.
import type { Database } from '../db/database.ts';
import { createAccountsService, type AccountsService } from './accounts/accounts-service.ts';
import { createPasswordHasher, owaspScryptCost, type PasswordHasher, type ScryptCost } from './accounts/passwords.ts';
import { defaultThrottleLimits, type ThrottleLimits } from './accounts/throttle.ts';
import type { Clock } from './clock.ts';

export type Services = {
  accounts: AccountsService;
  passwords: PasswordHasher;
};

export type ServicesOptions = {
  db: Database;
  clock: Clock;
  scryptCost?: ScryptCost | undefined;
  throttleLimits?: Partial<ThrottleLimits> | undefined;
};

export function createServices({ db, clock, scryptCost, throttleLimits }: ServicesOptions): Services {
  const passwords = createPasswordHasher(scryptCost ?? owaspScryptCost);
  const limits: ThrottleLimits = { ...defaultThrottleLimits, ...throttleLimits };
  return {
    accounts: createAccountsService({ db, clock, hasher: passwords, limits }),
    passwords,
  };
}
