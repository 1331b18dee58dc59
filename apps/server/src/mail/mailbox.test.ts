import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { localMailboxOpen, outboxAccess } from './mailbox.ts';

const embedded = loadConfig({});
const local = { ip: '127.0.0.1', headers: {} };

describe(localMailboxOpen.name, () => {
  it('opens to every loopback address of an embedded server without SMTP', () => {
    for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect(localMailboxOpen(embedded, { ip, headers: {} })).toBe(true);
    }
  });

  it('stays shut to other machines, however the request dresses up', () => {
    expect(localMailboxOpen(embedded, { ip: '192.0.2.7', headers: {} })).toBe(false);
    expect(localMailboxOpen(embedded, { ip: '::ffff:192.0.2.7', headers: {} })).toBe(false);
    expect(localMailboxOpen(embedded, { ip: '127.0.0.2', headers: {} })).toBe(false);
    // A proxy on this machine (TRUST_PROXY off): the socket is loopback, the person behind it is not.
    expect(localMailboxOpen(embedded, { ip: '127.0.0.1', headers: { 'x-forwarded-for': '127.0.0.1' } })).toBe(false);
    expect(localMailboxOpen(embedded, { ip: '127.0.0.1', headers: { forwarded: 'for=127.0.0.1' } })).toBe(false);
  });

  it('believes the forwarded client only with TRUST_PROXY (request.ip is then the forwarded address)', () => {
    const trusting = loadConfig({ TRUST_PROXY: 'true' });
    expect(localMailboxOpen(trusting, { ip: '127.0.0.1', headers: { 'x-forwarded-for': '127.0.0.1' } })).toBe(true);
    expect(localMailboxOpen(trusting, { ip: '198.51.100.4', headers: { 'x-forwarded-for': '198.51.100.4' } })).toBe(
      false,
    );
  });

  it('is never open with DATABASE_URL or SMTP_URL', () => {
    expect(localMailboxOpen(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' }), local)).toBe(false);
    expect(localMailboxOpen(loadConfig({ SMTP_URL: 'smtp://mail.example:587' }), local)).toBe(false);
  });
});

describe(outboxAccess.name, () => {
  const on = async () => true;
  const off = async () => false;

  it('reads the dev flag only when the address does not decide', async () => {
    const never = async () => {
      throw new Error('the dev flag was read');
    };
    expect(await outboxAccess(embedded, local, never)).toBe('local');
    expect(await outboxAccess(loadConfig({ SMTP_URL: 'smtp://mail.example' }), local, never)).toBe('closed');
  });

  it('lets the dev flag open it elsewhere without SMTP (a staging server with no mail)', async () => {
    const production = loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' });
    expect(await outboxAccess(production, local, off)).toBe('closed');
    expect(await outboxAccess(production, local, on)).toBe('dev-flag');
    expect(await outboxAccess(embedded, { ip: '192.0.2.7', headers: {} }, on)).toBe('dev-flag');
  });

  it('keeps it closed with SMTP, dev flag or not: mail goes to real inboxes', async () => {
    expect(await outboxAccess(loadConfig({ SMTP_URL: 'smtp://mail.example' }), local, on)).toBe('closed');
  });
});
