/**
 * Where the server's log lines go. A deployment (DATABASE_URL) or anyone who asks for a level (LOG_LEVEL) gets pino's
 * JSON lines on stdout, for log collectors. `npm start` in embedded mode with no level asked is a newcomer's
 * terminal: it keeps the banner and the history fill's progress, and shows warnings and errors in words; requests
 * and routine lines stay out (LOG_LEVEL=info or debug brings them back as JSON).
 */
import { Writable } from 'node:stream';
import { ClientHeader } from '@eh/contracts';
import type { Config } from '../config.ts';

const REDACT = [
  'req.headers.authorization',
  `req.headers["${ClientHeader.accessToken}"]`,
  'req.headers["x-admin-token"]',
];

/** pino's numbered levels as a person says them. */
const LEVEL_WORDS: Readonly<Record<number, string>> = { 40: 'warning', 50: 'error', 60: 'fatal error' };

/** One pino line in words ("  warning: redis connection lost (connect ECONNREFUSED)"); a line that is not JSON as is. */
export function logLineInWords(line: string): string {
  let entry: { level?: unknown; msg?: unknown; err?: { message?: unknown } };
  try {
    entry = JSON.parse(line) as typeof entry;
  } catch {
    return line;
  }
  const level = (typeof entry.level === 'number' && LEVEL_WORDS[entry.level]) || 'note';
  const message = typeof entry.msg === 'string' ? entry.msg : '';
  const cause =
    typeof entry.err?.message === 'string' && entry.err.message !== message ? ` (${entry.err.message})` : '';
  return `  ${level}: ${message}${cause}`;
}

function wordsStream(out: NodeJS.WritableStream): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) out.write(`${logLineInWords(line)}\n`);
      done();
    },
  });
}

/** Fastify's logger options for this configuration (see the file's comment). */
export function loggerOptions(config: Pick<Config, 'LOG_LEVEL' | 'DATABASE_URL'>) {
  if (config.LOG_LEVEL !== undefined || config.DATABASE_URL !== undefined)
    return { level: config.LOG_LEVEL ?? 'info', redact: REDACT };
  return { level: 'warn', redact: REDACT, stream: wordsStream(process.stderr) };
}
