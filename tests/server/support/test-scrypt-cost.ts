// The cheap scrypt the tests' servers hash passwords with (server tests and the browser tests' server alike).
import type { ScryptCost } from '../../../server/services/accounts/passwords.ts';

/** About 1 ms per hash instead of ~0.7 s at OWASP's cost: the code path is the same, only N is smaller. */
export const testScryptCost: ScryptCost = { N: 2 ** 10, r: 8, p: 1 };
