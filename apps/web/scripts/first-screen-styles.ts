/**
 * The first screens' emotion rules (home, earnings calendar, quote; phone and desktop; light theme), recorded from
 * the built app by `npm run styles:snapshot` (scripts/record-first-screen-styles.ts) into first-screen-styles.css;
 * e2e/first-screen-styles.test.ts checks they are served, taken and fresh. The build writes them into index.html
 * as emotion's server rendering would, a style block named `data-emotion="css <names>"`: emotion's cache reads the
 * names as already inserted, so the app neither compiles nor inserts those rules as it renders. On a phone that
 * work was most of the calendar's first commit (57–76 %), inside one long task; the HTML parser reads the block
 * before the first paint instead. A stale snapshot costs only speed: rules nobody uses match nothing, and emotion
 * inserts what is missing. The dark theme's colours give other class names: a dark first load inserts those.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

export const FIRST_SCREEN_STYLES = new URL('../first-screen-styles.css', import.meta.url).pathname;

/** The class names emotion generated in these rules (`.css-<name>`), in order. */
export const emotionNames = (css: string): string[] => [
  ...new Set(Array.from(css.matchAll(/\.css-([a-z0-9]+)/g), (match) => match[1] as string)),
];

/** The recorded rules without the file's header comment; empty when nothing was recorded. */
export function firstScreenCss(): string {
  if (!existsSync(FIRST_SCREEN_STYLES)) return '';
  return readFileSync(FIRST_SCREEN_STYLES, 'utf8')
    .replace(/^\/\*[\s\S]*?\*\/\s*/, '')
    .trim();
}

/**
 * The top-level rules of a style sheet as the browser serialised them (a media rule, with its newlines and nested
 * braces, is one rule): what the recorded file holds, split back into the rules `emotionRuns` groups.
 */
export function topLevelRules(css: string): string[] {
  const rules: string[] = [];
  let depth = 0;
  let start = 0;
  let quote: string | null = null;
  for (let i = 0; i < css.length; i += 1) {
    const char = css[i];
    if (quote) {
      if (char === '\\') i += 1;
      else if (char === quote) quote = null;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '{') depth += 1;
    else if (char === '}') {
      depth -= 1;
      if (depth === 0) {
        rules.push(css.slice(start, i + 1).trim());
        start = i + 1;
      }
    }
  }
  if (depth !== 0 || css.slice(start).trim()) throw new Error('the recorded style sheet ends inside a rule');
  return rules;
}

/** The style block for index.html's head, or null without recorded rules. */
export function firstScreenStyleBlock(): string | null {
  const css = firstScreenCss();
  if (!css) return null;
  // Rules come from the browser's own serialisation; a closing tag in one would end the block early.
  if (css.includes('</')) throw new Error(`${FIRST_SCREEN_STYLES} holds "</": not a style sheet`);
  // A rule cut short would take every rule after it inside itself.
  topLevelRules(css);
  return `<style data-emotion="css ${emotionNames(css).join(' ')}">${css}</style>`;
}

const testId = (...ids: string[]) => ids.map((id) => `[data-testid="${id}"]`).join(', ');
/**
 * The first screens and a selector that shows each is drawn with its data. A phone's calendar opens on today, which
 * on a market holiday (Thanksgiving) has no reports: its empty state is drawn with the data too.
 */
export const FIRST_SCREENS: readonly { path: string; ready: string }[] = [
  { path: '/', ready: testId('calendar-rows') },
  { path: '/earnings-calendar/this-week', ready: testId('calendar-entry', 'empty-state') },
  { path: '/quote/AAPL', ready: testId('quote-price') },
];
/** The block as the build writes it into index.html. */
export const SNAPSHOT_BLOCK = /<style data-emotion="css [^"]*">[\s\S]*?<\/style>/;

export interface Drawn {
  /** The rules emotion inserted as the app rendered (its own style tags, not the served block), in order. */
  inserted: string[];
  /** The emotion class names on the page's elements. */
  used: string[];
}

/** What emotion drew on an open page. */
export function drawn(page: Page): Promise<Drawn> {
  return page.evaluate(() => {
    const inserted = Array.from(document.querySelectorAll<HTMLStyleElement>('style[data-emotion="css"]')).flatMap(
      (tag) => Array.from(tag.sheet?.cssRules ?? [], (rule) => rule.cssText),
    );
    const used = new Set<string>();
    for (const element of Array.from(document.querySelectorAll('[class*="css-"]')))
      for (const name of Array.from(element.classList)) if (/^css-[a-z0-9]+$/.test(name)) used.add(name.slice(4));
    return { inserted, used: [...used] };
  });
}

/**
 * Emotion inserts one class's rules together: a run of rules naming the same `.css-<name>` first (with the
 * keyframes that follow it) is that class's whole output, kept whole and in order (a class may repeat a media
 * rule on purpose, a later padding undoing an earlier shorthand).
 */
export function emotionRuns(rules: readonly string[]): { name: string; css: string }[] {
  const out: { name: string; rules: string[] }[] = [];
  for (const rule of rules) {
    const name = /\.css-([a-z0-9]+)/.exec(rule)?.[1];
    const last = out.at(-1);
    if (last && (name === undefined || name === last.name)) last.rules.push(rule);
    else out.push({ name: name ?? rule, rules: [rule] });
  }
  return out.map((run) => ({ name: run.name, css: run.rules.join('') }));
}
