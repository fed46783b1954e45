// Pixel size of a PNG or JPEG from its header, so logos keep their aspect ratio in the files.

export function imageSize(
  bytes: Buffer,
  mimeType: "image/png" | "image/jpeg",
): { width: number; height: number } | null {
  if (mimeType === "image/png") {
    if (bytes.length < 24 || bytes.toString("latin1", 12, 16) !== "IHDR") return null;
    return positive(bytes.readUInt32BE(16), bytes.readUInt32BE(20));
  }
  // JPEG: walk the marker segments to the first start-of-frame (SOF0..SOF15 except DHT, JPG, DAC).
  let i = 2;
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1];
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01 || marker === 0xff) {
      i += marker === 0xff ? 1 : 2;
      continue;
    }
    const length = bytes.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return positive(bytes.readUInt16BE(i + 7), bytes.readUInt16BE(i + 5));
    i += 2 + length;
  }
  return null;
}

const positive = (width: number, height: number) => (width > 0 && height > 0 ? { width, height } : null);
