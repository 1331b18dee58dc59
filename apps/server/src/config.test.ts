import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe(loadConfig.name, () => {
  it('serves the embedded mode by default', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.ROLES).toEqual(['api', 'sync', 'idp', 'worker']);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.dbDir.endsWith('/data/db')).toBe(true);
    expect(config.CORS_ORIGINS).toEqual([]);
  });

  it('parses lists, numbers and booleans', () => {
    const config = loadConfig({
      ROLES: 'api, sync',
      PORT: '8080',
      SEED_DEMO: 'false',
      CORS_ORIGINS: 'https://a.example,https://b.example',
      DATABASE_URL: 'postgres://u@h:5432/db',
    });
    expect(config.ROLES).toEqual(['api', 'sync']);
    expect(config.PORT).toBe(8080);
    expect(config.SEED_DEMO).toBe(false);
    expect(config.CORS_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });

  it('lets PUBLIC_URL follow PORT when it is not set', () => {
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:3000');
    const moved = loadConfig({ PORT: '3411' });
    expect(moved.PUBLIC_URL).toBe('http://localhost:3411');
    expect(moved.publicUrlFollowsPort).toBe(true);
    const set = loadConfig({ PORT: '3411', PUBLIC_URL: 'https://earnings.example' });
    expect(set.PUBLIC_URL).toBe('https://earnings.example');
    expect(set.publicUrlFollowsPort).toBe(false);
  });

  it('writes AI summaries with the embedded summariser unless an OpenAI-compatible endpoint is configured', () => {
    expect(loadConfig({})).toMatchObject({ AI_PROVIDER: 'extractive', AI_TIMEOUT_MS: 120_000 });
    expect(
      loadConfig({ AI_PROVIDER: 'openai', AI_BASE_URL: 'http://localhost:11434/v1', AI_MODEL: 'llama3.1:8b' }),
    ).toMatchObject({ AI_PROVIDER: 'openai', AI_BASE_URL: 'http://localhost:11434/v1', AI_MODEL: 'llama3.1:8b' });
  });

  it.each([
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ PORT: '70000' }, 'PORT'],
    [{ ROLES: 'api,web' }, 'ROLES'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ ADMIN_TOKEN: 'short' }, 'ADMIN_TOKEN'],
    [{ AI_PROVIDER: 'gemini' }, 'AI_PROVIDER'],
    [{ AI_PROVIDER: 'openai', AI_MODEL: 'gpt-4o-mini' }, 'AI_BASE_URL'],
    [{ AI_PROVIDER: 'openai', AI_BASE_URL: 'http://localhost:11434/v1' }, 'AI_MODEL'],
  ])('rejects %j naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`\\b${name}\\b`));
  });
});
