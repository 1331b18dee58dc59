import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  drawn,
  emotionNames,
  emotionRuns,
  FIRST_SCREEN_STYLES,
  FIRST_SCREENS,
  firstScreenCss,
  SNAPSHOT_BLOCK,
  topLevelRules,
} from '../scripts/first-screen-styles.ts';
import { fileBrowser, openPage, VIEWPORTS, type ViewportName } from './browser.ts';

const baseUrl = inject('baseUrl');
/** Below this share of the class names a first screen draws, the recorded rules are stale enough to matter. */
const MIN_COVERAGE = 0.9;
const REFRESH = 'refresh them with `npm run styles:snapshot`';

let browser: Browser;
beforeAll(async () => {
  browser = await fileBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('first-screen styles', () => {
  it('are served with the page, taken by emotion as inserted, and cover what the first screens draw', async () => {
    const recorded = new Set(emotionNames(firstScreenCss()));
    const recordedRules = topLevelRules(firstScreenCss()).length;
    expect(recorded.size, `${FIRST_SCREEN_STYLES} holds no rules: ${REFRESH}`).toBeGreaterThan(100);
    const html = await (await fetch(`${baseUrl}/earnings-calendar/this-week`)).text();
    expect(html).toMatch(SNAPSHOT_BLOCK);
    for (const viewport of Object.keys(VIEWPORTS) as ViewportName[])
      for (const { path, ready } of FIRST_SCREENS) {
        const { context, page, errors } = await openPage(browser, baseUrl, { viewport });
        try {
          await page.goto(path, { waitUntil: 'networkidle' });
          await page.locator(ready).first().waitFor();
          // The browser reads the block rule for rule: a rule cut short would take the ones after it inside itself,
          // where they apply only under its media query, unseen by the coverage below, which counts names.
          const parsed = await page.evaluate(
            () =>
              Array.from(document.querySelectorAll<HTMLStyleElement>('style[data-emotion^="css "]')).flatMap((tag) =>
                Array.from(tag.sheet?.cssRules ?? []),
              ).length,
          );
          expect(parsed, `${path}: the block's rules as the browser read them`).toBe(recordedRules);
          const { inserted, used } = await drawn(page);
          const again = emotionRuns(inserted).filter((run) => recorded.has(run.name));
          expect(
            again.map((run) => run.name),
            `${path}: emotion inserted rules the page already had`,
          ).toEqual([]);
          const covered = used.filter((name) => recorded.has(name)).length / used.length;
          expect(
            covered,
            `${path} (${viewport}): the recorded rules cover ${Math.round(covered * 100)}% of the classes drawn; ${REFRESH}`,
          ).toBeGreaterThanOrEqual(MIN_COVERAGE);
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      }
  });
});
