/**
 * A load generator in its own process: sends the POST requests it reads as JSON on stdin over kept-alive
 * connections, `concurrency` at a time, and prints each one's status and latency as JSON on stdout. The
 * server under test then has its process to itself, as it would behind real clients, and the client costs
 * less than `fetch` would (node:http, one socket per request in flight). With several URLs (one per server
 * instance, as a load balancer would spread its clients), the connections are shared out among them in turn.
 *
 *   { "url": "http://127.0.0.1:…/path", "concurrency": 8, "requests": [{ "headers": {…}, "body": "…" }, …] }
 *   { "urls": ["http://127.0.0.1:…/path", …], … }
 */
import { Agent, request } from 'node:http';
import { text } from 'node:stream/consumers';

export type LoadJob = ({ url: string } | { urls: string[] }) & { concurrency: number; requests: Array<{ headers: Record<string, string>; body: string }> };
export type LoadResult = { seconds: number; latencies: number[]; statuses: Record<string, number> };

const job = JSON.parse(await text(process.stdin)) as LoadJob;
const targets = ('urls' in job ? job.urls : [job.url]).map((url) => new URL(url));
const agent = new Agent({ keepAlive: true, maxSockets: job.concurrency });

function send(target: URL, headers: Record<string, string>, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = request(
      { agent, host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

const latencies: number[] = [];
const statuses: Record<string, number> = {};
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: job.concurrency }, async (_, connection) => {
    const target = targets[connection % targets.length]!;
    for (let i = next++; i < job.requests.length; i = next++) {
      const { headers, body } = job.requests[i]!;
      const sentAt = performance.now();
      const status = await send(target, headers, body);
      latencies.push(performance.now() - sentAt);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  }),
);
agent.destroy();
const result: LoadResult = { seconds: (performance.now() - started) / 1000, latencies, statuses };
process.stdout.write(JSON.stringify(result));
