// The entries of a zip archive (an .xlsx workbook is one), read from its central directory at the end of the file,
// so a part can be read wherever the writer put it (Excel writes the shared strings after the sheets) without
// reading the parts before it. Isomorphic: the caller hands in a way to read a byte range (a file on the server,
// a File's slice in the browser).

/** Reads `length` bytes from `start` (fewer only at the end of the file). */
export type ReadRange = (start: number, length: number) => Promise<Uint8Array>;

export interface ZipEntry {
  name: string;
  /** 0: stored, 8: deflated (the only two an .xlsx uses). */
  method: number;
  compressedSize: number;
  localHeaderOffset: number;
  encrypted: boolean;
}

export class ZipFormatError extends Error {}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_COMMENT = 0xffff;

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const u64 = (d: DataView, at: number) => d.getUint32(at, true) + d.getUint32(at + 4, true) * 2 ** 32;

/** The archive's entries by name (its central directory). */
export async function readZipDirectory(size: number, read: ReadRange): Promise<Map<string, ZipEntry>> {
  const tailLength = Math.min(size, 22 + MAX_COMMENT + 20);
  const tail = await read(size - tailLength, tailLength);
  const t = view(tail);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (t.getUint32(i, true) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipFormatError("no end of central directory");
  let count = t.getUint16(eocd + 10, true);
  let directorySize = t.getUint32(eocd + 12, true);
  let directoryOffset = t.getUint32(eocd + 16, true);
  if (eocd >= 20 && t.getUint32(eocd - 20, true) === ZIP64_LOCATOR) {
    const at = u64(t, eocd - 20 + 8);
    const z = view(await read(at, 56));
    if (z.getUint32(0, true) !== ZIP64_EOCD) throw new ZipFormatError("bad zip64 end of central directory");
    count = u64(z, 32);
    directorySize = u64(z, 40);
    directoryOffset = u64(z, 48);
  }
  if (directoryOffset + directorySize > size) throw new ZipFormatError("central directory past the end");
  const directory = await read(directoryOffset, directorySize);
  const d = view(directory);
  const entries = new Map<string, ZipEntry>();
  const names = new TextDecoder("utf-8");
  let at = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > directory.length || d.getUint32(at, true) !== CENTRAL) throw new ZipFormatError("bad entry");
    const flags = d.getUint16(at + 8, true);
    const method = d.getUint16(at + 10, true);
    let compressedSize = d.getUint32(at + 20, true);
    const uncompressedSize = d.getUint32(at + 24, true);
    const nameLength = d.getUint16(at + 28, true);
    const extraLength = d.getUint16(at + 30, true);
    const commentLength = d.getUint16(at + 32, true);
    let localHeaderOffset = d.getUint32(at + 42, true);
    const name = names.decode(directory.subarray(at + 46, at + 46 + nameLength));
    // Zip64: the sizes and offset that do not fit 32 bits are in the extra field, in this order.
    if (compressedSize === 0xffffffff || localHeaderOffset === 0xffffffff) {
      let e = at + 46 + nameLength;
      const end = e + extraLength;
      while (e + 4 <= end) {
        const id = d.getUint16(e, true);
        const length = d.getUint16(e + 2, true);
        if (id === 1) {
          let f = e + 4;
          if (uncompressedSize === 0xffffffff) f += 8;
          if (compressedSize === 0xffffffff) {
            compressedSize = u64(d, f);
            f += 8;
          }
          if (localHeaderOffset === 0xffffffff) localHeaderOffset = u64(d, f);
        }
        e += 4 + length;
      }
    }
    entries.set(name, { name, method, compressedSize, localHeaderOffset, encrypted: (flags & 1) === 1 });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Where an entry's (compressed) bytes start: after its local header, whose name and extra field may differ. */
export async function entryDataStart(entry: ZipEntry, read: ReadRange): Promise<number> {
  const header = await read(entry.localHeaderOffset, 30);
  const h = view(header);
  if (header.length < 30 || h.getUint32(0, true) !== LOCAL) throw new ZipFormatError("bad local header");
  if (entry.encrypted || (entry.method !== 0 && entry.method !== 8)) throw new ZipFormatError("unsupported entry");
  return entry.localHeaderOffset + 30 + h.getUint16(26, true) + h.getUint16(28, true);
}
