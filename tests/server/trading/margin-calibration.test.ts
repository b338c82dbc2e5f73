// The paper broker's margin against published figures (tests/server/support/margin-examples.ts): brokers'
// calculators for naked, straddle, spread and iron-fly positions, under the margin parameters the database
// holds for each example's day. docs/api.md ("Margin") states the error left; `npm run bench` prints it.
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { createContracts } from '../../../server/services/brokers/paper/contracts.ts';
import { istDate } from '../../../server/services/market/ist.ts';
import { calibrationTolerance, marginExamples, modelMargin } from '../support/margin-examples.ts';
import { testBackends, migratedDatabasePerFile } from '../support/test-database.ts';

describe.each(testBackends)('margin calibration on %s', (backend) => {
  let db: Database;

  migratedDatabasePerFile(backend, (opened) => {
    db = opened;
  });

  it.each(marginExamples.map((example) => [example.name, example] as const))(`%s: within ${calibrationTolerance * 100} % of the published figure`, async (_name, example) => {
    const params = await createContracts().marginParams(db, example.index, istDate(new Date(example.at)));
    const model = modelMargin(example, params);
    expect(Math.abs(model / example.published - 1)).toBeLessThanOrEqual(calibrationTolerance);
  });
});
