import { describe, expect, it } from 'vitest';
import { loggerOptions, logLineInWords } from './console-log.ts';

describe(logLineInWords.name, () => {
  it('says a warning or an error in words, with its cause', () => {
    expect(
      logLineInWords('{"level":40,"time":1,"msg":"redis connection lost","err":{"message":"connect ECONNREFUSED"}}'),
    ).toBe('  warning: redis connection lost (connect ECONNREFUSED)');
    expect(
      logLineInWords('{"level":50,"msg":"live calls turn failed","err":{"message":"live calls turn failed"}}'),
    ).toBe('  error: live calls turn failed');
    expect(logLineInWords('{"level":60,"msg":"cannot open the database"}')).toBe(
      '  fatal error: cannot open the database',
    );
  });

  it('passes a line that is not JSON as it is', () => {
    expect(logLineInWords('plain words')).toBe('plain words');
  });
});

describe(loggerOptions.name, () => {
  it('keeps JSON lines for a deployment and for a level asked for; words at warn for embedded npm start', () => {
    expect(loggerOptions({ LOG_LEVEL: undefined, DATABASE_URL: 'postgres://db/eh' })).not.toHaveProperty('stream');
    expect(loggerOptions({ LOG_LEVEL: undefined, DATABASE_URL: 'postgres://db/eh' }).level).toBe('info');
    expect(loggerOptions({ LOG_LEVEL: 'debug', DATABASE_URL: undefined })).toMatchObject({ level: 'debug' });
    expect(loggerOptions({ LOG_LEVEL: 'debug', DATABASE_URL: undefined })).not.toHaveProperty('stream');
    const embedded = loggerOptions({ LOG_LEVEL: undefined, DATABASE_URL: undefined });
    expect(embedded.level).toBe('warn');
    expect(embedded).toHaveProperty('stream');
  });
});
