/**
 * The margin benchmark: the paper broker's margin against the published broker-calculator figures it is
 * calibrated on (tests/server/support/margin-examples.ts), under the margin parameters the migrated database
 * holds for each example's day. A benchmark, not a test: tests/server/trading/margin-calibration.test.ts
 * holds the tolerance. Then stock futures against the published figures stock_margin_rates holds (migration 131),
 * held within 5 % by tests/server/trading/stock-margin-calibration.test.ts.
 *
 *   npm run bench -- margin-calibration
 */
import { migrate } from '../../server/db/migrate.ts';
import { openPgliteDatabase } from '../../server/db/pglite-database.ts';
import { createContracts } from '../../server/services/brokers/paper/contracts.ts';
import { istDate } from '../../server/services/market/ist.ts';
import type { IndexName } from '../../server/services/market/index-config.ts';
import { calibrationTolerance, marginExamples, modelMargin, stockCalibrationTolerance, stockFutureMarginShare, stockMarginFigures } from '../server/support/margin-examples.ts';
import { table } from './support/stats.ts';

async function main(): Promise<void> {
  const db = await openPgliteDatabase();
  try {
    await migrate(db);
    const contracts = createContracts();
    const rupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
    const rows: string[][] = [];
    let worst = 0;
    for (const example of marginExamples) {
      const model = modelMargin(example, await contracts.marginParams(db, example.index, istDate(new Date(example.at))));
      const error = model / example.published - 1;
      worst = Math.max(worst, Math.abs(error));
      rows.push([example.name, `₹${rupees.format(example.published)}`, `₹${rupees.format(model)}`, `${error >= 0 ? '+' : ''}${(error * 100).toFixed(1)} %`]);
    }
    rows.push(['margin vs calibration examples (worst)', '', '', `${(worst * 100).toFixed(1)} % (tolerance ${calibrationTolerance * 100} %)`]);
    console.log('\nPaper margin (SPAN + exposure) against published broker-calculator figures\n');
    console.log(table(['position', 'published', 'paper broker', 'error'], rows));

    const stockRows: string[][] = [];
    let stockWorst = 0;
    const percent = (share: number) => `${(share * 100).toFixed(2)} %`;
    for (const figure of await stockMarginFigures(db)) {
      // The margin reader still takes the five indices' type: a stock's symbol reads the same rows.
      const model = stockFutureMarginShare(await contracts.marginParams(db, figure.symbol as IndexName, figure.day), figure.day);
      const error = model / figure.publishedTotal - 1;
      stockWorst = Math.max(stockWorst, Math.abs(error));
      stockRows.push([`${figure.symbol} future, ${figure.day}`, percent(figure.publishedTotal), percent(model), `${error >= 0 ? '+' : ''}${(error * 100).toFixed(1)} %`]);
    }
    stockRows.push(['stock futures (worst)', '', '', `${(stockWorst * 100).toFixed(1)} % (tolerance ${stockCalibrationTolerance * 100} %)`]);
    console.log('\nStock futures margin (share of the contract value) against published figures\n');
    console.log(table(['position', 'published', 'paper broker', 'error'], stockRows));
  } finally {
    await db.close();
  }
}

await main();
