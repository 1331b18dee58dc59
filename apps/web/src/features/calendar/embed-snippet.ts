/**
 * The iframe snippet of the calendar embed (SPEC §2 embed calendar modal): the embed URL for a view and theme, and
 * the HTML a site pastes. Pure, so the modal and the tests build the same snippet.
 */
import type { CalendarView } from '../../shared/preferences.ts';

export type EmbedTheme = 'light' | 'dark' | 'auto';

export interface EmbedOptions {
  origin: string;
  view: CalendarView;
  theme: EmbedTheme;
  /** Height of the frame in CSS pixels. */
  height: number;
}

export const EMBED_HEIGHT = { min: 400, max: 2000, default: 800 } as const;

export function clampHeight(height: number): number {
  if (!Number.isFinite(height)) return EMBED_HEIGHT.default;
  return Math.min(EMBED_HEIGHT.max, Math.max(EMBED_HEIGHT.min, Math.round(height)));
}

export function embedUrl({ origin, view, theme }: Pick<EmbedOptions, 'origin' | 'view' | 'theme'>): string {
  const query = new URLSearchParams();
  if (view !== 'week') query.set('view', view);
  if (theme !== 'auto') query.set('theme', theme);
  const search = query.toString();
  return `${origin.replace(/\/$/, '')}/embed/calendar${search ? `?${search}` : ''}`;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The HTML to paste: a lazy, borderless, full-width iframe with an accessible title. */
export function embedSnippet(options: EmbedOptions, appName: string): string {
  const src = escapeAttribute(embedUrl(options));
  const title = escapeAttribute(`Earnings calendar by ${appName}`);
  return `<iframe src="${src}" title="${title}" width="100%" height="${clampHeight(options.height)}" style="border:0;max-width:100%" loading="lazy"></iframe>`;
}
