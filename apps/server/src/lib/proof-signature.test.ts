import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  contentHash,
  formatCode,
  generateCode,
  generateSigningKey,
  keyIdOf,
  normaliseCode,
  proofStatement,
  readTrailer,
  sha256Hex,
  signStatement,
  verifyFile,
  verifyStatement,
  withTrailer,
  type ProofTrailer,
} from './proof-signature.js';

describe('canonicalJson (RFC 8785)', () => {
  it('writes the same bytes whatever the key order, without white space', () => {
    expect(canonicalJson({ b: 2, a: [1, 'x', null, true], c: { z: 1, y: 'ü' } })).toBe(
      '{"a":[1,"x",null,true],"b":2,"c":{"y":"ü","z":1}}',
    );
    expect(contentHash({ a: 1, b: { d: null, c: 'x' } })).toBe(contentHash({ b: { c: 'x', d: null }, a: 1 }));
  });

  it('sorts keys by UTF-16 code units, as the RFC’s example', () => {
    const keys = ['\u20ac', '\r', '\ufb33', '1', '\ud83d\ude00', '\u0080', '\u00f6'];
    const text = canonicalJson(Object.fromEntries(keys.map((key, index) => [key, index])));
    expect(text).toBe('{"\\r":1,"1":3,"\u0080":5,"\u00f6":6,"\u20ac":0,"\ud83d\ude00":4,"\ufb33":2}');
  });

  it('refuses what JSON cannot carry the same way everywhere', () => {
    expect(() => canonicalJson({ a: Number.NaN })).toThrow();
    expect(() => canonicalJson({ a: 'x\ud800' })).toThrow();
  });
});

describe('verification codes', () => {
  it('are 12 characters of Crockford’s base32, printed in three groups', () => {
    const codes = new Set(Array.from({ length: 200 }, generateCode));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
    expect(formatCode('ABCDEFGHJKMN')).toBe('ABCD-EFGH-JKMN');
  });

  it('read back whatever the case, hyphens and spaces, with I, L and O as 1 and 0', () => {
    expect(normaliseCode('abcd-efgh-jkmn')).toBe('ABCDEFGHJKMN');
    expect(normaliseCode(' ABCD EFGH JKMN ')).toBe('ABCDEFGHJKMN');
    expect(normaliseCode('OIL0-0000-0000')).toBe('011000000000');
  });

  it.each(['', 'ABCD-EFGH-JKM', 'ABCD-EFGH-JKMNP', 'ABCD-EFGH-JKMU', 'ABCD_EFGH_JKMN', 'Ä'.repeat(12), 'A'.repeat(41)])(
    'find nothing for %j',
    (typed) => expect(normaliseCode(typed)).toBeUndefined(),
  );
});

describe('signing', () => {
  const key = generateSigningKey();
  const statement = proofStatement({
    code: 'ABCDEFGHJKMN',
    kind: 'share',
    issuedAt: '2026-11-25T10:00:00.000Z',
    contentSha256: sha256Hex('content'),
    fileSha256: null,
  });

  it('names a key by the first 16 hex digits of its public key’s SHA-256', () => {
    expect(key.id).toMatch(/^[0-9a-f]{16}$/);
    expect(keyIdOf(key.publicKey)).toBe(key.id);
    expect(generateSigningKey().id).not.toBe(key.id);
  });

  it('verifies its own signature, and no other statement, key or signature', () => {
    const signature = signStatement(statement, key.privateKey);
    expect(verifyStatement(statement, signature, key.publicKey)).toBe(true);
    expect(verifyStatement({ ...statement, issuedAt: '2026-11-25T10:00:00.001Z' }, signature, key.publicKey)).toBe(
      false,
    );
    expect(verifyStatement({ ...statement, kind: 'pdf' }, signature, key.publicKey)).toBe(false);
    expect(verifyStatement(statement, signature, generateSigningKey().publicKey)).toBe(false);
    expect(verifyStatement(statement, 'kein base64', key.publicKey)).toBe(false);
  });
});

describe('PDF trailer', () => {
  const key = generateSigningKey();
  const pdf = Buffer.from('%PDF-1.3\n1 0 obj\n<< /Subject (ausgestellt am 25.11.2026) >>\nendobj\n%%EOF\n');

  function issue(file: Buffer, signer = key): Buffer {
    const statement = proofStatement({
      code: 'ABCDEFGHJKMN',
      kind: 'pdf',
      issuedAt: '2026-11-25T10:00:00.000Z',
      contentSha256: sha256Hex('content'),
      fileSha256: sha256Hex(file),
    });
    const trailer: ProofTrailer = {
      ...statement,
      fileSha256: statement.fileSha256!,
      keyId: signer.id,
      signature: signStatement(statement, signer.privateKey),
    };
    return withTrailer(file, trailer);
  }

  it('appends one comment line after %%EOF, and reads it back', () => {
    const issued = issue(pdf);
    expect(issued.subarray(0, pdf.length).equals(pdf)).toBe(true);
    expect(issued.subarray(pdf.length).toString()).toMatch(/^%StreckenpassProof \{"code":"ABCDEFGHJKMN",.*\}\n$/);
    const reading = readTrailer(issued);
    expect(reading).toMatchObject({ found: true, atEnd: true, trailer: { code: 'ABCDEFGHJKMN', keyId: key.id } });
  });

  it('passes the file as issued', () => {
    expect(verifyFile(issue(pdf), [key])).toMatchObject({ state: 'genuine' });
  });

  it('fails a file with one character changed before the trailer', () => {
    const issued = issue(pdf);
    const at = issued.indexOf('25.11.2026');
    issued[at + 1] = '6'.charCodeAt(0);
    expect(verifyFile(issued, [key])).toMatchObject({ state: 'altered' });
  });

  it('fails a file with anything after the trailer (an incremental update)', () => {
    const issued = Buffer.concat([issue(pdf), Buffer.from('1 0 obj\n<< >>\nendobj\n%%EOF\n')]);
    expect(verifyFile(issued, [key])).toMatchObject({ state: 'altered' });
  });

  it('fails a changed trailer: another date of issue under the same signature', () => {
    const issued = issue(pdf).toString('latin1').replace('2026-11-25T10', '2026-11-20T10');
    expect(verifyFile(Buffer.from(issued, 'latin1'), [key])).toMatchObject({ state: 'altered' });
  });

  it('fails a trailer that is not JSON', () => {
    const broken = Buffer.concat([pdf, Buffer.from('%StreckenpassProof {"code":\n')]);
    expect(verifyFile(broken, [key])).toMatchObject({ state: 'altered' });
  });

  it('knows nothing of a file without a trailer, or signed by a key it was not given', () => {
    expect(verifyFile(pdf, [key])).toMatchObject({ state: 'unknown' });
    const stranger = generateSigningKey();
    expect(verifyFile(issue(pdf, stranger), [key])).toMatchObject({ state: 'unknown' });
    // A key listed under another key's id is not that key.
    expect(verifyFile(issue(pdf, stranger), [{ id: stranger.id, publicKey: key.publicKey }])).toMatchObject({
      state: 'unknown',
    });
  });
});
