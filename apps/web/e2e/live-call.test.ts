/**
 * Live calls: a live demo call (one of the demo's replays, live at any hour) opened from /calls shows its
 * transcript so far and then the sentences as they are spoken, over the live socket; a comment posted by a member
 * on one page appears on a second page (another browser, not signed in) without a reload, as does its edit and
 * its deletion; markup in a comment shows as typed text; axe on both pages. The sticky player, in the member's
 * page: a call's audio keeps playing across pages (a server of this file's own holds a call with an audio address;
 * the company's audio host, outside our walls, is answered by the browser's routing).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assets, events } from '@eh/db';
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../server/src/config.ts';
import { type RunningServer, startServer } from '../../server/src/server.ts';
import { copySeededTemplate } from '../../server/test/seeded-template.ts';
import { freePort } from '../scripts/app-server.ts';
import { fileBrowser, openPage, screenshot, showAs } from './browser.ts';
import { liveReplay, segmentCount } from './live-call-data.ts';
import { proToken, seriousViolations } from './support.ts';

const baseUrl = inject('baseUrl');

let browser: Browser;
/** The member's page: the live call's journey, then the sticky player's on this file's own server. */
let member: { context: BrowserContext; page: Page; errors: string[] };
beforeAll(async () => {
  browser = await fileBrowser();
  member = await openPage(browser, baseUrl);
});
afterAll(async () => {
  await member?.context.close();
  await browser?.close();
});

const commentTexts = (page: Page) => page.getByTestId('comment-content').allInnerTexts();

describe('a live call', () => {
  it('streams its transcript, and a comment posted on one page shows on another', async () => {
    const call = await liveReplay();
    const path = `/${call.symbol}/events/${call.id}`;
    const reader = await openPage(browser, baseUrl, { viewport: 'phone' });
    try {
      // The member finds the call on /calls, live, and joins it.
      await member.page.goto(`/calls?token=${await proToken()}`);
      const row = member.page.locator(`[data-testid="call-row"][data-event-id="${call.id}"]`);
      await row.getByTestId('call-live').click();
      await member.page.waitForURL((url) => url.pathname === path);
      expect(await member.page.getByTestId('event-title').innerText()).toBe(call.title);
      expect(await member.page.getByTestId('event-status').innerText()).toBe('Live now');

      // What was said so far, then new sentences as they are spoken (a sentence every few seconds).
      const transcript = member.page.getByTestId('live-transcript');
      await expect.poll(() => segmentCount(member.page), { timeout: 30_000 }).toBeGreaterThan(0);
      const first = await segmentCount(member.page);
      await expect.poll(() => segmentCount(member.page), { timeout: 45_000 }).toBeGreaterThan(first);
      expect(await transcript.getByTestId('live-speaker').first().innerText()).toContain('Operator');
      const seqs = await transcript
        .getByTestId('live-segment')
        .evaluateAll((spans) => spans.map((span) => Number(span.getAttribute('data-seq'))));
      expect(seqs).toEqual(seqs.map((_, index) => index));
      // The demo says what it is: no audio, and why.
      expect(await member.page.getByTestId('audio-none').innerText()).toContain('no audio');

      // A reader on a phone, not signed in, opens the same call: comments in their tab, a sign-in offer.
      await reader.page.goto(path);
      await reader.page.getByTestId('live-tab-comments').click();
      await reader.page.getByText('Sign in to comment').waitFor();
      const before = await commentTexts(reader.page);

      // The member posts; the reader sees it arrive, markup shown as typed.
      const words = `Margins look strong <b>not bold</b> ${Date.now()}`;
      await member.page.getByTestId('comment-input').fill(words);
      await member.page.getByTestId('comment-submit').click();
      await member.page.getByTestId('comment-content').filter({ hasText: words }).waitFor();
      const arrived = reader.page.getByTestId('comment-content').filter({ hasText: words });
      await arrived.waitFor({ timeout: 10_000 });
      expect(await arrived.innerText()).toBe(words);
      expect(await arrived.locator('b').count()).toBe(0);
      expect((await commentTexts(reader.page)).length).toBe(before.length + 1);
      // The reader may not edit or delete it; the member may.
      const readerComment = reader.page.getByTestId('comment').filter({ hasText: words });
      expect(await readerComment.getByTestId('comment-edit').count()).toBe(0);
      expect(await readerComment.getByTestId('comment-delete').count()).toBe(0);

      // The member edits it: the reader sees the edit.
      const mine = member.page.getByTestId('comment').filter({ hasText: words });
      await mine.getByTestId('comment-edit').click();
      const edited = `${words} (and cash flow)`;
      await member.page.getByTestId('comment-edit-input').fill(edited);
      await member.page.getByTestId('comment-save').click();
      await reader.page.getByTestId('comment-content').filter({ hasText: '(and cash flow)' }).waitFor();
      expect(await reader.page.getByTestId('comment').filter({ hasText: '(and cash flow)' }).innerText()).toContain(
        'edited',
      );

      expect(await seriousViolations(member.page)).toEqual([]);
      expect(await seriousViolations(reader.page)).toEqual([]);
      await member.page.getByTestId('comments-panel').scrollIntoViewIfNeeded();
      await screenshot(member.page, 'live-call-comments-desktop-light');
      await screenshot(reader.page, 'live-call-comments-phone-light');

      // Deleted, it leaves both pages.
      const editedComment = member.page.getByTestId('comment').filter({ hasText: '(and cash flow)' });
      await editedComment.getByTestId('comment-delete').click();
      await editedComment.getByTestId('comment-delete-confirm').click();
      await expect
        .poll(() => reader.page.getByTestId('comment-content').filter({ hasText: '(and cash flow)' }).count(), {
          timeout: 10_000,
        })
        .toBe(0);
      expect(member.errors).toEqual([]);
      expect(reader.errors).toEqual([]);
    } finally {
      await reader.context.close();
    }
  }, 240_000);
});

/** A WAV file of `seconds` of a quiet 440 Hz tone (8 kHz, 8-bit mono): what the company's audio host sends. */
function tone(seconds: number): Buffer {
  const rate = 8000;
  const samples = rate * seconds;
  const wav = Buffer.alloc(44 + samples);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate, 28);
  wav.writeUInt16LE(1, 32);
  wav.writeUInt16LE(8, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(samples, 40);
  for (let i = 0; i < samples; i += 1) wav[44 + i] = 128 + Math.round(8 * Math.sin((2 * Math.PI * 440 * i) / rate));
  return wav;
}

describe('the sticky audio player', () => {
  const AUDIO_URL = 'https://audio.example.com/calls/zq-live.wav';
  const VIDEO_URL = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
  let server: RunningServer | null = null;
  let dataDir = '';
  let address = '';
  let call: { id: number; symbol: string; title: string };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'eh-e2e-audio-'));
    await copySeededTemplate(dataDir);
    const port = await freePort();
    address = `http://127.0.0.1:${port}`;
    server = await startServer(
      loadConfig({
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        RATE_LIMIT_MAX: '100000',
        ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
      }),
    );
    const [asset] = await server.ctx.db.select().from(assets).where(eq(assets.symbol, 'AAPL')).limit(1);
    if (!asset) throw new Error('the demo market has no AAPL');
    const title = 'Apple live audio check';
    const [row] = await server.ctx.db
      .insert(events)
      .values({
        eventType: 'call',
        eventStatus: 'live',
        eventDate: new Date(Date.now() - 60_000),
        assetId: asset.id,
        symbol: asset.symbol,
        title,
        audioUrl: AUDIO_URL,
        youtubeUrl: VIDEO_URL,
        externalId: `e2e-audio-${Date.now()}`,
        source: 'test',
      })
      .returning({ id: events.id });
    call = { id: row?.id ?? 0, symbol: asset.symbol, title };
  }, 600_000);

  afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps a live call playing on other pages, in a bar that leads back to the call', async () => {
    if (!server) throw new Error('no server');
    // The member's page moves to this server, where nobody is signed in: its own origin, its own storage.
    const { page, errors } = member;
    errors.length = 0;
    try {
      await page.route(AUDIO_URL, (route) => route.fulfill({ status: 200, contentType: 'audio/wav', body: tone(120) }));
      const path = `/${call.symbol}/events/${call.id}`;
      await page.goto(`${address}${path}`);
      expect(await page.getByTestId('audio-tip').innerText()).toContain('keeps playing');
      await page.getByTestId('audio-toggle').click();
      await expect.poll(() => page.getByTestId('audio-toggle').getAttribute('aria-label')).toBe(`Pause ${call.title}`);
      // Played live once: the flag is kept and the tip goes.
      await expect.poll(() => page.evaluate(() => localStorage.getItem('earningshub.listenedToLiveCall'))).toBe('true');
      expect(await page.getByTestId('sticky-audio').count()).toBe(0);

      // Away from the call (a link in the app, no reload): the bar keeps it playing.
      await page.getByRole('link', { name: 'All calls' }).click();
      await page.waitForURL((url) => url.pathname === '/calls');
      const bar = page.getByTestId('sticky-audio');
      await bar.waitFor();
      expect(await bar.innerText()).toContain(call.title);
      expect(await page.getByTestId('sticky-audio-toggle').getAttribute('aria-label')).toBe(`Pause ${call.title}`);
      expect(await seriousViolations(page, '[data-testid="sticky-audio"]')).toEqual([]);
      await screenshot(page, 'sticky-audio-desktop-light');
      await showAs(page, 'phone', 'dark');
      await screenshot(page, 'sticky-audio-phone-dark');

      // Pause from the bar, play again, then back to the call by its title: the bar gives way to the page's player.
      await page.getByTestId('sticky-audio-toggle').click();
      await expect
        .poll(() => page.getByTestId('sticky-audio-toggle').getAttribute('aria-label'))
        .toBe(`Play ${call.title}`);
      await page.getByTestId('sticky-audio-toggle').click();
      await page.getByTestId('sticky-audio-title').click();
      await page.waitForURL((url) => url.pathname === path);
      await expect.poll(() => page.getByTestId('sticky-audio').count()).toBe(0);
      expect(await page.getByTestId('audio-toggle').getAttribute('aria-label')).toBe(`Pause ${call.title}`);

      // /calls offers the event streaming on video (GET /events/youtube-stream) in the video modal, YouTube's
      // privacy-enhanced player (its host, outside our walls, answered by the browser's routing).
      await page.route('https://www.youtube-nocookie.com/**', (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
      );
      await page.getByRole('link', { name: 'All calls' }).click();
      await bar.waitFor();
      expect(await page.getByTestId('calls-video').innerText()).toContain(call.title);
      await page.getByTestId('calls-video').getByRole('button', { name: 'Watch' }).click();
      const frame = page.getByTestId('video-frame');
      await frame.waitFor();
      expect(await frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0');
      expect(await page.getByTestId('video-title').innerText()).toBe(call.title);
      expect(await seriousViolations(page, '[data-testid="video-modal"]')).toEqual([]);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByTestId('video-modal').count()).toBe(0);

      // Closed from the bar, the audio stops and the bar goes.
      await page.getByTestId('sticky-audio-close').click();
      await expect.poll(() => page.getByTestId('sticky-audio').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
  }, 120_000);
});
