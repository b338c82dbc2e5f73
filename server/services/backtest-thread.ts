// The entry of a backtest's worker thread (analysis/backtests/thread-runner.ts starts it through
// db/worker-boot.mjs): a composition root, as app.ts is the process's. It stands beside the services root
// because it hands the thread's engine the services a book runs under (bookServices), which nothing inside
// analysis imports.
import { runBacktestThread } from './analysis/index.ts';
import { bookServices } from './services.ts';

await runBacktestThread(bookServices);
