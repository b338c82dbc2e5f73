// The thread that makes a book template (book-template.ts): initdb and every migration, once per schema, is seconds
// of CPU, and on the request thread it held every request behind it (issue 61: the first replay after a new
// migration left the app with "No answer from the server" for minutes on a busy machine). It answers the dump's
// bytes, or the error, and ends.
import { parentPort, workerData } from 'node:worker_threads';
import { makeTemplate } from './book-template.ts';

/** `migrationsDir`: the folder the template's key was read from (book-template.ts templateKey), migrated from here. */
export type TemplateThreadData = { schemas: number; migrationsDir: string };
export type TemplateThreadMessage = { ok: true; dump: ArrayBuffer } | { ok: false; message: string };

const port = parentPort;
if (port === null) throw new Error('template-thread.ts runs in a worker thread');
// At the process's own priority, unlike the book threads: every replay waits for it, once, and at a lower priority
// beside the browser tests' Chromiums it was starved for minutes.
const { schemas, migrationsDir } = workerData as TemplateThreadData;
try {
  const dump = await (await makeTemplate(schemas, migrationsDir)).arrayBuffer();
  port.postMessage({ ok: true, dump } satisfies TemplateThreadMessage, [dump]);
} catch (error) {
  port.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) } satisfies TemplateThreadMessage);
}
