import { reportAnswered, reportUnanswered } from '@/lib/network/network-atom';

/**
 * Passes a response body through unchanged while telling the network state what it sees: each chunk is
 * the server talking, and a body that breaks (dead Wi-Fi, a cut connection) is the server gone silent.
 * Ending normally or being cancelled by its reader says nothing about the network.
 */
export function watchStream(body: ReadableStream<Uint8Array>, signal: AbortSignal): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await reader.read();
        if (done) {
          controller.close();
          return;
        }
        reportAnswered();
        controller.enqueue(value);
      } catch (error) {
        if (!signal.aborted) reportUnanswered();
        controller.error(error);
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}
