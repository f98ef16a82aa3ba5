import { describe, expect, it } from 'vitest';
import { amzDate, authorization, encodeKey, sha256Hex, uriEncode } from './sigv4.ts';

describe('AWS Signature V4', () => {
  it("signs AWS's published S3 GET example (examplebucket, /test.txt, Range bytes=0-9) to its published signature", () => {
    const header = authorization({
      method: 'GET',
      path: '/test.txt',
      headers: {
        Host: 'examplebucket.s3.amazonaws.com',
        Range: 'bytes=0-9',
        'x-amz-content-sha256': sha256Hex(''),
        'x-amz-date': '20130524T000000Z',
      },
      payloadHash: sha256Hex(''),
      region: 'us-east-1',
      service: 's3',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      amzDate: '20130524T000000Z',
    });
    expect(header).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, '
        + 'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, '
        + 'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('encodes keys per segment (spaces, accents, reserved characters) and keeps the slashes', () => {
    expect(uriEncode('a b+c/ç~')).toBe('a%20b%2Bc%2F%C3%A7~');
    expect(encodeKey('1/12345678000195/pedidos/12 a.pdf')).toBe('1/12345678000195/pedidos/12%20a.pdf');
  });

  it('formats the request time as YYYYMMDDTHHMMSSZ', () => {
    expect(amzDate(new Date('2013-05-24T00:00:00.123Z'))).toBe('20130524T000000Z');
  });
});
