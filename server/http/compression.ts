// Brotli or gzip for text answers (HTML, JS, CSS, JSON, SVG, the manifest), static files included.
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply } from 'fastify';

const textTypes = /^(text\/|application\/(javascript|json|manifest\+json|xml)|image\/svg\+xml)|\+(json|xml)\b/;

function addVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('vary');
  const fields = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (fields.some((name) => name === '*' || name.toLowerCase() === field)) return;
  // Lower case on purpose: @fastify/compress looks for exactly 'accept-encoding' before adding its own.
  reply.header('vary', [...fields, field].join(', '));
}

export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Whether a text answer is compressed depends on Accept-Encoding, so caches must key on it even when
  // this particular answer went out uncompressed (small, or the client accepts no encoding).
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && textTypes.test(type)) addVary(reply, 'accept-encoding');
    return payload;
  });
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    // Clients never send compressed bodies; inflating them would only let a small upload expand past
    // what the body limit is meant to bound.
    globalDecompression: false,
  });
}
