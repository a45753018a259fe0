import { describe, expect, test } from 'bun:test';
import { emailKey, InvalidEmailError, normalizeEmail, parseEmail, type EmailProblem } from '../../src/modules/audience/email.ts';

describe('normalizeEmail', () => {
  test.each([
    ['Jane.Doe@Example.COM', 'Jane.Doe@example.com', 'example.com'],
    ['  jane@example.com ', 'jane@example.com', 'example.com'],
    ['\u00a0jane@example.com\u3000', 'jane@example.com', 'example.com'],
    ['Üser@Bücher.Example', 'Üser@xn--bcher-kva.example', 'xn--bcher-kva.example'],
    ['x@XN--BCHER-KVA.example', 'x@xn--bcher-kva.example', 'xn--bcher-kva.example'],
    ['x@例え.テスト', 'x@xn--r8jz45g.xn--zckzah', 'xn--r8jz45g.xn--zckzah'],
    ['x@ＥＸＡＭＰＬＥ.com', 'x@example.com', 'example.com'],
    ["o'brien+tag@sub.example.co.uk", "o'brien+tag@sub.example.co.uk", 'sub.example.co.uk'],
    ['a!#$%&*+-/=?^_`{|}~@example.com', 'a!#$%&*+-/=?^_`{|}~@example.com', 'example.com'],
    ['"john..doe"@example.com', '"john..doe"@example.com', 'example.com'],
    ['"a@b"@example.com', '"a@b"@example.com', 'example.com'],
    ['"plain"@example.com', 'plain@example.com', 'example.com'],
    ['"a\\"b"@example.com', '"a\\"b"@example.com', 'example.com'],
    ['x@a-b.example', 'x@a-b.example', 'a-b.example'],
    ['x@123.example', 'x@123.example', '123.example'],
  ])('%p → %p', (input, email, domain) => {
    expect(normalizeEmail(input)).toMatchObject({ email, domain });
  });

  test('the local part is NFC-normalised so equal addresses compare equal', () => {
    const decomposed = 'U\u0308ser@example.com';
    expect(normalizeEmail(decomposed).email).toBe('\u00dcser@example.com');
  });

  test.each<[string, EmailProblem]>([
    ['', 'empty'],
    ['   ', 'empty'],
    ['jane@example.com\r\nRCPT TO:<x@evil.test>', 'control_character'],
    ['jane@example.com\r\n', 'control_character'],
    ['jane@example.com\n', 'control_character'],
    ['ja\u0000ne@example.com', 'control_character'],
    ['ja\u0007ne@example.com', 'control_character'],
    ['ja\u0085ne@example.com', 'control_character'],
    ['jane doe@example.com', 'whitespace'],
    ['"jane doe"@example.com', 'whitespace'],
    ['jane@exa mple.com', 'whitespace'],
    ['jane\t@example.com', 'control_character'],
    ['jane@example.com\t', 'control_character'],
    ['ja\u202ene@example.com', 'control_character'],
    ['jane@example.com\u2066', 'control_character'],
    ['ja\u200fne@example.com', 'control_character'],
    ['ja\u061cne@example.com', 'control_character'],
    ['ja\ud800ne@example.com', 'control_character'],
    ['jane.example.com', 'missing_at'],
    ['@example.com', 'local_part'],
    ['.jane@example.com', 'local_part'],
    ['jane.@example.com', 'local_part'],
    ['ja..ne@example.com', 'local_part'],
    ['ja(ne)@example.com', 'local_part'],
    ['ja,ne@example.com', 'local_part'],
    ['a@b@example.com', 'local_part'],
    ['""@example.com', 'local_part'],
    ['"unterminated@example.com', 'local_part'],
    [`${'a'.repeat(65)}@example.com`, 'local_part_too_long'],
    [`${'ü'.repeat(33)}@example.com`, 'local_part_too_long'],
    ['jane@', 'domain'],
    ['jane@localhost', 'domain'],
    ['jane@example..com', 'domain'],
    ['jane@example.com.', 'domain'],
    ['jane@.example.com', 'domain'],
    ['jane@-example.com', 'domain'],
    ['jane@example-.com', 'domain'],
    ['jane@exa_mple.com', 'domain'],
    ['jane@ex%41mple.com', 'domain'],
    ['jane@[192.0.2.1]', 'domain'],
    ['jane@192.0.2.1', 'domain'],
    ['jane@xn--zz.com', 'domain'],
    [`jane@${'a'.repeat(64)}.com`, 'domain'],
    [`jane@${Array(64).fill('abc').join('.')}.com`, 'domain'],
    [`${'a'.repeat(64)}@${Array(47).fill('abcd').join('.')}.com`, 'too_long'],
  ])('refuses %p (%s)', (input, reason) => {
    const r = parseEmail(input);
    expect(r).toMatchObject({ ok: false, reason });
    expect(() => normalizeEmail(input)).toThrow(InvalidEmailError);
  });

  test('a control character or bidi control is named with its position, never trimmed', () => {
    expect(parseEmail('jane@example.com\r\n')).toMatchObject({ ok: false, message: 'email contains a line break (U+000D carriage return) at position 17' });
    expect(parseEmail('ab\u202E@example.com')).toMatchObject({ ok: false, message: 'email contains a bidirectional control (U+202E right-to-left override) at position 3' });
  });

  test('refuses non-strings with a typed error', () => {
    expect(parseEmail(42)).toMatchObject({ ok: false, reason: 'empty' });
    try {
      normalizeEmail(null);
      throw new Error('unreachable');
    } catch (err) {
      expect(err).toBeInstanceOf(InvalidEmailError);
      expect((err as InvalidEmailError).code).toBe('invalid_email');
    }
  });

  test('accepts the length limits exactly', () => {
    const local = 'a'.repeat(64);
    expect(normalizeEmail(`${local}@example.com`).localPart).toBe(local);
    const domain = `${Array(46).fill('abcd').join('.')}.example`; // 238 chars
    const email = `${'b'.repeat(254 - domain.length - 1)}@${domain}`;
    expect(email.length).toBe(254);
    expect(normalizeEmail(email).email).toBe(email);
  });
});

describe('emailKey', () => {
  test('compares whole addresses case-insensitively', () => {
    const a = normalizeEmail('Jane.Doe@Example.com').email;
    const b = normalizeEmail(' jane.doe@EXAMPLE.COM ').email;
    expect(a).not.toBe(b);
    expect(emailKey(a)).toBe(emailKey(b));
    expect(emailKey(a)).toBe('jane.doe@example.com');
    expect(emailKey(normalizeEmail('Üser@Bücher.Example').email)).toBe('üser@xn--bcher-kva.example');
  });
});
