/**
 * Issue 19, live calls: a live demo call (one of the demo's replays, live at any hour) opened from /calls shows its
 * transcript so far and then the sentences as they are spoken, over the live socket; a comment posted by a member
 * on one page appears on a second page (another browser, not signed in) without a reload, as does its edit and
 * its deletion; markup in a comment shows as typed text. Axe on the page, and screenshots at both widths in both
 * themes.
 */
import type { CalendarEvent } from '@eh/contracts';
import { DEMO_REPLAY_SOURCE } from '@eh/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, SCREENS, screenshot, showAs } from './browser.ts';
import { api, proToken, seriousViolations } from './support.ts';

const baseUrl = inject('baseUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Calls = { events: CalendarEvent[] };

/** The live replay with the most of its call still to come (the newest one). */
async function liveReplay(): Promise<CalendarEvent> {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const { events } = await api<Calls>('/events?type=call&status=live&limit=500');
    const replays = events
      .filter((event) => event.source === DEMO_REPLAY_SOURCE)
      .sort((a, b) => b.eventDate.localeCompare(a.eventDate));
    if (replays[0]) return replays[0];
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('no demo replay went live within a minute');
}

const segmentCount = async (page: Page) =>
  Number(await page.getByTestId('live-transcript').getAttribute('data-segments'));

const commentTexts = (page: Page) => page.getByTestId('comment-content').allInnerTexts();

describe('a live call', () => {
  it('streams its transcript, and a comment posted on one page shows on another', async () => {
    const call = await liveReplay();
    const path = `/${call.symbol}/events/${call.id}`;
    const member = await openPage(browser, baseUrl);
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
      await member.context.close();
      await reader.context.close();
    }
  });

  it('looks right at both widths in both themes', async () => {
    const call = await liveReplay();
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      await page.goto(`/${call.symbol}/events/${call.id}`);
      await expect.poll(() => segmentCount(page), { timeout: 30_000 }).toBeGreaterThan(2);
      for (const [viewport, colorScheme] of SCREENS) {
        await showAs(page, viewport, colorScheme);
        if (viewport === 'phone') await page.getByTestId('live-tab-liveTranscript').waitFor();
        await page.getByTestId('live-call').scrollIntoViewIfNeeded();
        await screenshot(page, `live-call-${viewport}-${colorScheme}`);
      }
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
