import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, ICS_LINE_OCTETS, icsUtc, paramValue, serializeIcs, text } from './ics.ts';

const octets = (line: string) => Buffer.byteLength(line, 'utf8');
/** RFC 5545 §3.1 unfolding: a CRLF followed by one space or tab is removed. */
const unfold = (folded: string) => folded.replace(/\r\n[ \t]/g, '');

describe(foldLine.name, () => {
  it('leaves a line of 75 octets alone and folds one of 76', () => {
    expect(foldLine('A'.repeat(75))).toBe('A'.repeat(75));
    expect(foldLine('A'.repeat(76))).toBe(`${'A'.repeat(75)}\r\n A`);
  });

  it('keeps every physical line within 75 octets, continuation space included', () => {
    const folded = foldLine(`DESCRIPTION:${'x'.repeat(500)}`);
    const lines = folded.split('\r\n');
    expect(lines.length).toBe(Math.ceil((512 - 75) / 74) + 1);
    for (const line of lines) expect(octets(line)).toBeLessThanOrEqual(ICS_LINE_OCTETS);
    expect(lines.slice(1).every((line) => line.startsWith(' '))).toBe(true);
    expect(unfold(folded)).toBe(`DESCRIPTION:${'x'.repeat(500)}`);
  });

  it.each([
    ['2-octet é', 'é'],
    ['3-octet €', '€'],
    ['4-octet 😀 (a surrogate pair)', '😀'],
  ])('never splits a %s across lines', (_, char) => {
    // Offsets 0..3 put the character's octets across the 75th octet in every possible way.
    for (let pad = 70; pad < 76; pad += 1) {
      const line = `${'a'.repeat(pad)}${char.repeat(40)}`;
      const folded = foldLine(line);
      for (const physical of folded.split('\r\n')) {
        expect(octets(physical)).toBeLessThanOrEqual(ICS_LINE_OCTETS);
        // A split inside a sequence would leave a replacement character or a lone surrogate behind.
        expect(Buffer.from(physical, 'utf8').toString('utf8')).toBe(physical);
        expect(physical).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
      }
      expect(unfold(folded)).toBe(line);
    }
  });

  it('fills a line up to the limit with multi-byte text: 25 three-octet characters make 75 octets', () => {
    const folded = foldLine('€'.repeat(26));
    const [first, second] = folded.split('\r\n');
    expect(first).toBe('€'.repeat(25));
    expect(octets(first ?? '')).toBe(75);
    expect(second).toBe(' €');
  });
});

describe(escapeText.name, () => {
  it('escapes backslash, semicolon and comma, and writes line breaks as \\n', () => {
    expect(escapeText('a\\b;c,d')).toBe('a\\\\b\\;c\\,d');
    expect(escapeText('one\ntwo\r\nthree\rfour')).toBe('one\\ntwo\\nthree\\nfour');
  });

  it('escapes the backslash before the others, so an escape is never doubled', () => {
    expect(escapeText('\\,')).toBe('\\\\\\,');
    expect(escapeText('\\n')).toBe('\\\\n');
  });

  it('drops control characters a TEXT value cannot hold', () => {
    expect(escapeText('a\u0000b\u0007c\u007fd\te')).toBe('abcd e');
  });
});

describe(paramValue.name, () => {
  it('quotes a value with : ; or , and drops quotes', () => {
    expect(paramValue('America/New_York')).toBe('America/New_York');
    expect(paramValue('a:b')).toBe('"a:b"');
    expect(paramValue('say "hi"; now')).toBe('"say hi; now"');
  });
});

describe(icsUtc.name, () => {
  it('writes an instant as UTC to the second', () => {
    expect(icsUtc(new Date('2026-11-26T13:05:09.999Z'))).toBe('20261126T130509Z');
  });
});

describe(serializeIcs.name, () => {
  it('writes components with CRLF after every line, folding long ones', () => {
    const out = serializeIcs({
      name: 'VCALENDAR',
      properties: [{ name: 'VERSION', value: '2.0' }],
      components: [
        {
          name: 'VEVENT',
          properties: [
            text('SUMMARY', 'Ünïcödé, long; '.repeat(10)),
            { name: 'DTSTART', params: { VALUE: 'DATE' }, value: '20261127' },
          ],
        },
      ],
    });
    expect(out.endsWith('\r\n')).toBe(true);
    expect(out.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of out.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(ICS_LINE_OCTETS);
    const lines = unfold(out).split('\r\n');
    expect(lines).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      `SUMMARY:${'Ünïcödé\\, long\\; '.repeat(10)}`,
      'DTSTART;VALUE=DATE:20261127',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ]);
  });

  it('never lets a raw line break into a non-TEXT value', () => {
    const out = serializeIcs({ name: 'VCALENDAR', properties: [{ name: 'URL', value: 'https://x.test/\r\nEVIL:1' }] });
    expect(out).toBe('BEGIN:VCALENDAR\r\nURL:https://x.test/EVIL:1\r\nEND:VCALENDAR\r\n');
  });
});
