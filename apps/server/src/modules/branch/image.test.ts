import { describe, expect, it } from 'vitest';
import { sniffImage } from './image.ts';

const bytes = (...b: number[]) => Uint8Array.from(b);
const text = (s: string) => Uint8Array.from([...s].map((c) => c.charCodeAt(0)));

describe('sniffImage', () => {
  it('tells PNG, JPEG and WebP by their first bytes', () => {
    expect(sniffImage(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0))).toBe('image/png');
    expect(sniffImage(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffImage(text('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('image/webp');
  });

  it('refuses anything else, a GIF, an SVG, a PDF or a truncated header', () => {
    expect(sniffImage(text('GIF89a......'))).toBeNull();
    expect(sniffImage(text('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(text('%PDF-1.7'))).toBeNull();
    expect(sniffImage(bytes(0x89, 0x50, 0x4e))).toBeNull();
    expect(sniffImage(text('RIFF\u0000\u0000\u0000\u0000WAVE'))).toBeNull();
  });
});
