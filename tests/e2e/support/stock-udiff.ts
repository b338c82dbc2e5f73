// A stock's UDiFF bhavcopy day as a file to import (issue 63's stock views): tests/server/history/stock-udiff-days.ts
// writes the rows, the same for the server's and the browser's tests.
import { stockUdiffDay, type StockDay } from '../../server/history/stock-udiff-days';
import type { UploadFile } from '../pages/market-history-page';

export function stockUdiffFile(day: StockDay): UploadFile {
  const { name, csv } = stockUdiffDay(day);
  return { name, mimeType: 'text/csv', buffer: Buffer.from(csv) };
}
