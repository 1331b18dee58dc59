/** What the live call files read of the demo's calls: a replay on air, and how much of it a page shows. */
import type { CalendarEvent } from '@eh/contracts';
import { DEMO_REPLAY_SOURCE } from '@eh/domain';
import type { Page } from 'playwright-core';
import { vi } from 'vitest';
import { api } from './support.ts';

type Calls = { events: CalendarEvent[] };

/** A live replay with at least `leftMs` of its call still to come (a new one goes live every two minutes). */
export function liveReplay(leftMs = 90_000): Promise<CalendarEvent> {
  return vi.waitFor(
    async () => {
      const { events } = await api<Calls>('/events?type=call&status=live&limit=500');
      const left = (event: CalendarEvent) =>
        Date.parse(event.eventDate) + Number(event.details.lengthMs ?? 0) - Date.now();
      const replay = events
        .filter((event) => event.source === DEMO_REPLAY_SOURCE && left(event) >= leftMs)
        .sort((a, b) => left(b) - left(a))[0];
      if (!replay) throw new Error(`no demo replay with ${leftMs / 1000} s to go is live`);
      return replay;
    },
    // Asked once a second for up to three minutes: a new replay starts every two.
    { timeout: 180_000, interval: 1000 },
  );
}

/** How many sentences the page's live transcript shows. */
export const segmentCount = async (page: Page) =>
  Number(await page.getByTestId('live-transcript').getAttribute('data-segments'));
