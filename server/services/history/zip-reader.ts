// Reads the files inside a ZIP archive (NSE publishes its bhavcopies as one CSV inside a .zip) with
// Node's own zlib and a small central-directory reader: no dependency for the one thing needed here.
// Supports what NSE and ordinary archivers write: stored or deflated entries, no encryption, no ZIP64.
// Each entry's CRC-32 is checked, and inflation is capped so a small archive cannot expand into
// gigabytes (a zip bomb) inside the server.
import { crc32, inflateRawSync } from 'node:zlib';

export type ZipEntry = { name: string; data: Buffer };

export type ZipReading = { keep?: (name: string) => boolean; checkOthers?: boolean };

export class ZipError extends Error {
  override name = 'ZipError';
}

const endOfDirectorySignature = 0x06054b50;
const directorySignature = 0x02014b50;
const localHeaderSignature = 0x04034b50;
const endOfDirectoryMinLength = 22;
// The end record is followed by a comment of at most 65,535 bytes.
const endOfDirectorySearch = endOfDirectoryMinLength + 0xffff;

/** Whether the bytes start like a ZIP archive (a local file header, or an empty archive's end record). */
export function looksLikeZip(bytes: Buffer): boolean {
  return bytes.length >= 4 && (bytes.readUInt32LE(0) === localHeaderSignature || bytes.readUInt32LE(0) === endOfDirectorySignature);
}

function findEndOfDirectory(bytes: Buffer): number {
  const lowest = Math.max(0, bytes.length - endOfDirectorySearch);
  for (let at = bytes.length - endOfDirectoryMinLength; at >= lowest; at -= 1) {
    if (bytes.readUInt32LE(at) === endOfDirectorySignature) return at;
  }
  throw new ZipError('The ZIP archive is damaged: its central directory is missing');
}

/**
 * The archive's files (directories left out), each inflated. `maxEntryBytes` bounds each file's
 * uncompressed size; a larger entry is refused rather than inflated. `keep` chooses the entries whose data is
 * kept (the others come back empty); the others are still inflated and checked unless `checkOthers` is false.
 * The import checks a large archive whole first, then reads it one entry at a time, never holding all of it
 * inflated.
 */
export function readZip(bytes: Buffer, maxEntryBytes: number, { keep = () => true, checkOthers = true }: ZipReading = {}): ZipEntry[] {
  const end = findEndOfDirectory(bytes);
  const count = bytes.readUInt16LE(end + 10);
  const directorySize = bytes.readUInt32LE(end + 12);
  const directoryOffset = bytes.readUInt32LE(end + 16);
  if (count === 0xffff || directoryOffset === 0xffffffff) throw new ZipError('ZIP64 archives are not supported: extract the CSV and upload it');
  if (directoryOffset + directorySize > end) throw new ZipError('The ZIP archive is damaged: its central directory points outside the file');
  const entries: ZipEntry[] = [];
  let at = directoryOffset;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > end || bytes.readUInt32LE(at) !== directorySignature) throw new ZipError('The ZIP archive is damaged: a directory entry is unreadable');
    const flags = bytes.readUInt16LE(at + 8);
    const method = bytes.readUInt16LE(at + 10);
    const expectedCrc = bytes.readUInt32LE(at + 16);
    const compressedSize = bytes.readUInt32LE(at + 20);
    const size = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const localOffset = bytes.readUInt32LE(at + 42);
    const name = bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    at += 46 + nameLength + extraLength + commentLength;
    if (name.endsWith('/')) continue;
    if ((flags & 1) !== 0) throw new ZipError(`${name} is encrypted: upload the file without a password`);
    if (size > maxEntryBytes) throw new ZipError(`${name} is larger than ${Math.round(maxEntryBytes / 1024 / 1024)} MB uncompressed`);
    if (localOffset + 30 > bytes.length || bytes.readUInt32LE(localOffset) !== localHeaderSignature) {
      throw new ZipError(`The ZIP archive is damaged: ${name} has no local header`);
    }
    const dataStart = localOffset + 30 + bytes.readUInt16LE(localOffset + 26) + bytes.readUInt16LE(localOffset + 28);
    if (dataStart + compressedSize > bytes.length) throw new ZipError(`The ZIP archive is truncated: ${name} is incomplete`);
    if (!checkOthers && !keep(name)) {
      entries.push({ name, data: Buffer.alloc(0) });
      continue;
    }
    const stored = bytes.subarray(dataStart, dataStart + compressedSize);
    let data: Buffer;
    if (method === 0) data = Buffer.from(stored);
    else if (method === 8) {
      try {
        data = inflateRawSync(stored, { maxOutputLength: Math.max(size, 1) });
      } catch {
        throw new ZipError(`The ZIP archive is damaged: ${name} does not inflate to its stated size`);
      }
    } else throw new ZipError(`${name} uses ZIP compression method ${method}; only stored and deflated files are supported`);
    if (data.length !== size || crc32(data) !== expectedCrc) throw new ZipError(`The ZIP archive is damaged: ${name} fails its checksum`);
    entries.push({ name, data: keep(name) ? data : Buffer.alloc(0) });
  }
  return entries;
}
