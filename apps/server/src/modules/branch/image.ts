/** The type of an uploaded image told by its first bytes (magic numbers), never by the name or what the client says. */
export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';

export function sniffImage(bytes: Uint8Array): ImageType | null {
  const at = (i: number) => bytes[i];
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => at(i) === b)) return 'image/png';
  if (bytes.length >= 3 && at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** The bytes of a base64 text the contract already checked. */
export function fromBase64(text: string): Buffer {
  return Buffer.from(text, 'base64');
}
