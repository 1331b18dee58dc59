/**
 * A transcript as readers move through it: sections with anchors, the speakers with their roles and how much
 * each said, and recording offsets as clock text. Pure.
 */

export interface TranscriptParagraphLike {
  speaker: string;
  role: string | null;
  text: string;
  startMs: number | null;
}
export interface TranscriptSectionLike {
  title: string;
  paragraphs: readonly TranscriptParagraphLike[];
}

/** An id for a section's anchor: 'section-2-q-a'. */
export function sectionAnchor(index: number, title: string): string {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `section-${index + 1}${slug ? `-${slug}` : ''}`;
}

export interface Speaker {
  name: string;
  role: string | null;
  paragraphs: number;
  words: number;
}

/** Speakers in order of first appearance, with their role and how much they said. */
export function speakersOf(sections: readonly TranscriptSectionLike[]): Speaker[] {
  const byName = new Map<string, Speaker>();
  for (const section of sections) {
    for (const paragraph of section.paragraphs) {
      const words = paragraph.text.split(/\s+/).filter(Boolean).length;
      const speaker = byName.get(paragraph.speaker);
      if (speaker) {
        speaker.paragraphs += 1;
        speaker.words += words;
        speaker.role ??= paragraph.role;
      } else {
        byName.set(paragraph.speaker, { name: paragraph.speaker, role: paragraph.role, paragraphs: 1, words });
      }
    }
  }
  return [...byName.values()];
}

/** 'm:ss' or 'h:mm:ss' for an offset into the recording. */
export function clock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** Minutes it takes to read, at 230 words a minute. */
export function readingMinutes(sections: readonly TranscriptSectionLike[]): number {
  const words = sections.reduce(
    (sum, section) => sum + section.paragraphs.reduce((s, p) => s + p.text.split(/\s+/).filter(Boolean).length, 0),
    0,
  );
  return Math.max(1, Math.round(words / 230));
}

/** Initials for a speaker's avatar: 'Jordan Okafor' → 'JO'. */
export function initials(name: string): string {
  const parts = name.split(/\s+/).filter(Boolean);
  return `${parts[0]?.[0] ?? ''}${parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : ''}`.toUpperCase() || '?';
}
