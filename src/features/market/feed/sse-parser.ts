/**
 * Server-Sent Events read from a fetch body (the stream needs the bearer header, which EventSource cannot
 * send). Chunks may split a frame, a line or a character anywhere; frames end with a blank line; `data:`
 * lines join with newlines; lines starting with ':' are comments.
 */
export type ServerEvent = { event: string; data: string; id: string | null };

export function createSseParser(onEvent: (event: ServerEvent) => void) {
  let buffer = '';
  let event = 'message';
  let data: string[] = [];
  let id: string | null = null;

  function line(text: string): void {
    if (text === '') {
      if (data.length > 0) onEvent({ event, data: data.join('\n'), id });
      event = 'message';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id') id = value;
  }

  return {
    push(chunk: string): void {
      buffer += chunk;
      for (;;) {
        const end = buffer.search(/\r\n|\r|\n/);
        if (end < 0) return;
        const newline = buffer.startsWith('\r\n', end) ? 2 : 1;
        // A lone \r at the very end may be the first half of \r\n: wait for the next chunk.
        if (buffer[end] === '\r' && newline === 1 && end === buffer.length - 1) return;
        line(buffer.slice(0, end));
        buffer = buffer.slice(end + newline);
      }
    },
  };
}
