/**
 * A small iCalendar (RFC 5545) writer: content lines with escaped text, folded at 75 octets, ended by CRLF.
 * Pure: the feed's service decides what goes in, this only writes it correctly.
 */

/** RFC 5545 §3.1: a content line is at most 75 octets, not counting its CRLF. */
export const ICS_LINE_OCTETS = 75;
const CRLF = '\r\n';

/** UTF-8 length of one code point (a lone surrogate goes out as U+FFFD, three octets). */
function octetsOf(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  if (codePoint < 0x10000) return 3;
  return 4;
}

/**
 * RFC 5545 §3.1 folding: a line longer than 75 octets is split before the octet that would pass the limit, and
 * each continuation starts with one space (which counts toward its 75). Splits fall between code points, never
 * inside a UTF-8 sequence or a surrogate pair.
 */
export function foldLine(line: string): string {
  // Most lines are short: measured once, returned as they are.
  if (line.length <= ICS_LINE_OCTETS / 4 || Buffer.byteLength(line, 'utf8') <= ICS_LINE_OCTETS) return line;
  const parts: string[] = [];
  let start = 0;
  let used = 0;
  for (let index = 0; index < line.length; ) {
    const codePoint = line.codePointAt(index) ?? 0;
    const size = octetsOf(codePoint);
    if (used + size > ICS_LINE_OCTETS) {
      parts.push(line.slice(start, index));
      start = index;
      used = 1;
    }
    used += size;
    index += codePoint > 0xffff ? 2 : 1;
  }
  parts.push(line.slice(start));
  return parts.join(`${CRLF} `);
}

const TAB = 9;
const LINE_FEED = 10;
const SPACE = 32;
const DELETE = 127;

/** Without C0 controls other than tab and line feed, and DEL: no iCalendar value may hold them. */
function dropControls(value: string): string {
  let out = '';
  let start = 0;
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if ((code < SPACE && code !== TAB && code !== LINE_FEED) || code === DELETE) {
      out += value.slice(start, index);
      start = index + 1;
    }
  }
  return start === 0 ? value : out + value.slice(start);
}

/** RFC 5545 §3.3.11 TEXT: backslash, semicolon and comma escaped, every line break as `\n`; other controls dropped. */
export function escapeText(value: string): string {
  return dropControls(value.replace(/\r\n?/g, '\n'))
    .replace(/[\\;,\n]/g, (char) => (char === '\n' ? '\\n' : `\\${char}`))
    .replace(/\t/g, ' ');
}

/** A parameter value (RFC 5545 §3.2): quoted when it holds `:`, `;` or `,`; `"` and controls cannot appear. */
export function paramValue(value: string): string {
  const clean = dropControls(value).replace(/[\t\n"]/g, '');
  return /[:;,]/.test(clean) ? `"${clean}"` : clean;
}

/** `YYYYMMDD` from an ISO date `YYYY-MM-DD`. */
export const icsDate = (isoDate: string) => isoDate.replaceAll('-', '');

/** `YYYYMMDDTHHMMSS` (floating or with a TZID) from an ISO date and a wall time `HH:MM`. */
export const icsLocalDateTime = (isoDate: string, wallTime: string) =>
  `${icsDate(isoDate)}T${wallTime.replace(':', '')}00`;

/** `YYYYMMDDTHHMMSSZ`: an instant in UTC, to the second. */
export const icsUtc = (instant: Date) => `${instant.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

/** One property: name, parameters and a value already in its iCalendar form (escape TEXT with `escapeText`). */
export interface IcsProperty {
  name: string;
  params?: Readonly<Record<string, string>>;
  value: string;
}

/** A component (VCALENDAR, VEVENT, VTIMEZONE, …): its properties in order, then its sub-components. */
export interface IcsComponent {
  name: string;
  properties: readonly IcsProperty[];
  components?: readonly IcsComponent[];
}

/** A TEXT property, escaped. */
export const text = (name: string, value: string, params?: Record<string, string>): IcsProperty => ({
  name,
  value: escapeText(value),
  ...(params ? { params } : {}),
});

function contentLine({ name, params, value }: IcsProperty): string {
  const parameters = Object.entries(params ?? {})
    .map(([key, param]) => `;${key}=${paramValue(param)}`)
    .join('');
  // A value never carries a raw line break: a TEXT one is escaped, other kinds are built by us.
  return foldLine(`${name}${parameters}:${value.replace(/[\r\n]/g, '')}`);
}

function linesOf(component: IcsComponent, out: string[]) {
  out.push(`BEGIN:${component.name}`);
  for (const property of component.properties) out.push(contentLine(property));
  for (const child of component.components ?? []) linesOf(child, out);
  out.push(`END:${component.name}`);
}

/** The whole object as an iCalendar stream: every line folded and ended by CRLF, the last one included. */
export function serializeIcs(calendar: IcsComponent): string {
  const lines: string[] = [];
  linesOf(calendar, lines);
  return `${lines.join(CRLF)}${CRLF}`;
}
