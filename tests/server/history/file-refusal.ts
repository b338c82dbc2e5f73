import { FileRefusal } from '../../../server/services/history/history-files.ts';

/** The refusal a parser throws for a file, or a failed test if it accepts it (or throws something else). */
export function refusalOf(run: () => unknown): FileRefusal {
  try {
    run();
  } catch (error) {
    if (error instanceof FileRefusal) return error;
    throw error;
  }
  throw new Error('expected the file to be refused');
}
