// multipart/form-data bodies (RFC 7578), read from a buffer already bounded by the route's body limit:
// the history upload is the only route taking files, and a few bhavcopies fit in memory, so a small
// reader here beats a streaming dependency. Each refusal says what is wrong and answers 400.
import { HttpError } from './errors.ts';

export type MultipartPart = { name: string; fileName: string | null; contentType: string | null; data: Buffer };

function boundaryOf(contentType: string): string {
  for (const parameter of contentType.split(';').slice(1)) {
    const [key = '', ...rest] = parameter.split('=');
    if (key.trim().toLowerCase() === 'boundary') {
      const value = rest.join('=').trim().replace(/^"(.*)"$/, '$1');
      if (value.length >= 1 && value.length <= 70) return value;
    }
  }
  throw new HttpError(400, 'invalid_multipart', 'The multipart/form-data body has no boundary in its Content-Type');
}

/** A Content-Disposition parameter (name="files"; filename="a.csv"), unquoted; null when absent. */
function dispositionParameter(disposition: string, key: string): string | null {
  const match = new RegExp(`(?:^|;)\\s*${key}="((?:[^"\\\\]|\\\\.)*)"`, 'i').exec(disposition) ?? new RegExp(`(?:^|;)\\s*${key}=([^;]*)`, 'i').exec(disposition);
  return match === null ? null : (match[1] as string).replace(/\\(.)/g, '$1').trim();
}

export function parseMultipart(body: Buffer, contentType: string): MultipartPart[] {
  const delimiter = Buffer.from(`--${boundaryOf(contentType)}`);
  const parts: MultipartPart[] = [];
  let at = body.indexOf(delimiter);
  if (at < 0) throw new HttpError(400, 'invalid_multipart', 'The multipart/form-data body does not contain its boundary');
  for (;;) {
    at += delimiter.length;
    // "--" after a delimiter closes the body.
    if (body[at] === 0x2d && body[at + 1] === 0x2d) return parts;
    if (body[at] === 0x0d && body[at + 1] === 0x0a) at += 2;
    else throw new HttpError(400, 'invalid_multipart', 'The multipart/form-data body is malformed after a boundary');
    const headersEnd = body.indexOf('\r\n\r\n', at);
    if (headersEnd < 0) throw new HttpError(400, 'invalid_multipart', 'A part of the multipart/form-data body has no end to its headers');
    const headers = new Map<string, string>();
    for (const line of body.subarray(at, headersEnd).toString('utf8').split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headersEnd + 4);
    if (next < 0) throw new HttpError(400, 'invalid_multipart', 'The multipart/form-data body ends before its closing boundary');
    const disposition = headers.get('content-disposition') ?? '';
    const name = dispositionParameter(disposition, 'name');
    if (name === null) throw new HttpError(400, 'invalid_multipart', 'A part of the multipart/form-data body has no name');
    parts.push({ name, fileName: dispositionParameter(disposition, 'filename'), contentType: headers.get('content-type') ?? null, data: body.subarray(headersEnd + 4, next) });
    at = next + 2;
  }
}
