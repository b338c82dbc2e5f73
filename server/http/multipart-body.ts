// multipart/form-data bodies (RFC 7578), read from a buffer already bounded by the route's body limit:
// the history upload is the only route taking files, and a few bhavcopies fit in memory, so a small
// reader here beats a streaming dependency. Each refusal says what is wrong and answers 400.
import { requestTexts, type MultipartFault } from '../services/texts/request-texts.ts';
import { HttpError } from './errors.ts';

const malformed = (fault: MultipartFault) => HttpError.said(400, 'invalid_multipart', requestTexts.invalidMultipart(fault));

export type MultipartPart = { name: string; fileName: string | null; contentType: string | null; data: Buffer };

function boundaryOf(contentType: string): string {
  for (const parameter of contentType.split(';').slice(1)) {
    const [key = '', ...rest] = parameter.split('=');
    if (key.trim().toLowerCase() === 'boundary') {
      const value = rest.join('=').trim().replace(/^"(.*)"$/, '$1');
      if (value.length >= 1 && value.length <= 70) return value;
    }
  }
  throw malformed('no_boundary');
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
  if (at < 0) throw malformed('boundary_missing');
  for (;;) {
    at += delimiter.length;
    // "--" after a delimiter closes the body.
    if (body[at] === 0x2d && body[at + 1] === 0x2d) return parts;
    if (body[at] === 0x0d && body[at + 1] === 0x0a) at += 2;
    else throw malformed('after_boundary');
    const headersEnd = body.indexOf('\r\n\r\n', at);
    if (headersEnd < 0) throw malformed('part_headers');
    const headers = new Map<string, string>();
    for (const line of body.subarray(at, headersEnd).toString('utf8').split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headersEnd + 4);
    if (next < 0) throw malformed('unclosed');
    const disposition = headers.get('content-disposition') ?? '';
    const name = dispositionParameter(disposition, 'name');
    if (name === null) throw malformed('part_name');
    parts.push({ name, fileName: dispositionParameter(disposition, 'filename'), contentType: headers.get('content-type') ?? null, data: body.subarray(headersEnd + 4, next) });
    at = next + 2;
  }
}
