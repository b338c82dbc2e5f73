/**
 * Price-stream readers in their own process, as a crowd of desks would be: they open the streams they are
 * told to (gzip, the compact encoding the PWA asks for), inflate and split each into events as the PWA does,
 * and note when each tick's delta arrived, so the server under test has its process to itself. Driven over
 * IPC by the benchmark (price-fanout.bench.ts):
 *
 *   → { type: 'open', url, streams: [{ token, instruments }] }    ← { type: 'ready' } once every snapshot came
 *   ← { type: 'complete', id } when every stream has the delta of tick `id`
 *   → { type: 'report' }                                           ← { type: 'arrivals', arrivals }, then exit
 *
 * Times are the machine's (performance.timeOrigin + performance.now()), comparable across the two processes.
 */
export type ReaderJob = { type: 'open'; url: string; streams: { token: string; instruments: string[] }[] };
/** For each stream, each delta's event id (the tick's sequence) and when it arrived. */
export type Arrivals = [id: number, at: number][][];
export type ReaderMessage = { type: 'ready' } | { type: 'complete'; id: number } | { type: 'arrivals'; arrivals: Arrivals; failed: number };

const send = (message: ReaderMessage) => process.send?.(message);
const clock = () => performance.timeOrigin + performance.now();

const arrivals: Arrivals = [];
const perId = new Map<number, number>();
const readers: ReadableStreamDefaultReader<Uint8Array>[] = [];
let failed = 0;

async function read(index: number, url: string, token: string, instruments: string[], snapshot: () => void): Promise<void> {
  const own: [number, number][] = [];
  arrivals[index] = own;
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-encoding': 'gzip' },
    body: JSON.stringify({ instruments, format: 'compact' }),
  });
  if (response.status !== 200 || response.body === null) throw new Error(`stream ${index} answered ${response.status}`);
  const reader = response.body.getReader();
  readers.push(reader);
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
    if (done) return;
    const at = clock();
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
      if (event.includes('event: snapshot')) snapshot();
      if (!event.includes('event: delta')) continue;
      const id = Number(/^id: (\d+)$/m.exec(event)?.[1] ?? Number.NaN);
      own.push([id, at]);
      const count = (perId.get(id) ?? 0) + 1;
      perId.set(id, count);
      if (count === arrivals.length) send({ type: 'complete', id });
    }
  }
}

process.on('message', (message: ReaderJob | { type: 'report' }) => {
  if (message.type === 'open') {
    let snapshots = 0;
    const opened = new Set<number>();
    message.streams.forEach(({ token, instruments }, index) => {
      void read(index, message.url, token, instruments, () => {
        if (opened.has(index)) return;
        opened.add(index);
        snapshots += 1;
        if (snapshots === message.streams.length) send({ type: 'ready' });
      }).catch(() => {
        failed += 1;
      });
    });
    return;
  }
  send({ type: 'arrivals', arrivals, failed });
  for (const reader of readers) void reader.cancel().catch(() => undefined);
  setTimeout(() => process.exit(0), 100);
});
