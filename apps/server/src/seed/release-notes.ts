import { releaseNotes } from '@eh/db';
import type { Seed } from '../kernel/seed.ts';

/** The product's own history, per platform (SPEC §4: notes are platform-specific). */
const NOTES = [
  {
    platform: 'web',
    version: '0.1.0',
    date: '2026-11-22',
    title: 'A new home for earnings season',
    items: [
      'Every page of the product now has its place: calendar, symbol pages, news, calls, EH500 and more.',
      'Light and dark themes, remembered per device; add ?theme=dark to any link.',
      'Send us feedback from any page through the Feedback link in the footer.',
    ],
  },
  {
    platform: 'native',
    version: '0.1.0',
    date: '2026-11-22',
    title: 'The app shell for iOS and Android',
    items: [
      'The same product as the web, in a native shell with a bottom bar.',
      'Notifications and in-app purchases arrive in a coming release.',
    ],
  },
] as const;

export const releaseNotesSeed: Seed = {
  name: 'release-notes-0.1.0',
  async run(db) {
    await db.insert(releaseNotes).values(NOTES.map((note) => ({ ...note, items: [...note.items] })));
  },
};
