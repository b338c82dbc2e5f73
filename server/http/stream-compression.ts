// Whether the live price stream may be gzip-compressed. The stream's reply is hijacked (it never ends by
// itself), so the global compression plugin never sees it: it is compressed event by event, each flushed so it
// leaves at once, with the history of the events before it, so an event costs little more than what differs
// from them (field names, instruments and most digits repeat from tick to tick); see gzip-segments.ts. On a
// phone's desk this is most of the saving: a tick's JSON compresses about seven times.

/** Whether an Accept-Encoding header accepts gzip (listed, and not with q=0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [name = '', ...params] = part.split(';').map((item) => item.trim());
    if (name.toLowerCase() !== 'gzip') return false;
    const quality = params.find((param) => param.toLowerCase().startsWith('q='));
    return quality === undefined || Number(quality.slice(2)) > 0;
  });
}
