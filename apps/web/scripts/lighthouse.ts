/**
 * Lighthouse figures (performance, accessibility, best practices, SEO) of the built app on the home, the
 * earnings calendar and a quote page, in headless /usr/bin/chromium with the flags of e2e/browser.ts (no network
 * beyond this machine). Run after `npm run build`:
 *   npm run lighthouse                      starts the server on a free port with a fresh data folder
 *   LIGHTHOUSE_URL=http://127.0.0.1:3413 npm run lighthouse    audits a server already running
 * Default Lighthouse settings: a mid-range phone on a throttled connection (simulated). `--desktop` audits with
 * the desktop preset instead; `--reports DIR` writes each page's full JSON report there. Exits 1 when a score is under the target (90).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { appServer } from './app-server.ts';

const PAGES = ['/', '/earnings-calendar/this-week', '/quote/AAPL'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const TARGET = 90;
/** The flags of e2e/browser.ts: headless, no first-run or background traffic, every host but this one unreachable. */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];

const server = await appServer(process.env.LIGHTHOUSE_URL);
const base = server.base;
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
let failed = false;
try {
  const desktop = process.argv.includes('--desktop');
  const reportAt = process.argv.indexOf('--reports');
  const reportDir = reportAt > 0 ? process.argv[reportAt + 1] : undefined;
  console.log(`Lighthouse ${desktop ? 'desktop' : 'mobile (default)'} preset, target ${TARGET}`);
  console.log(['page'.padEnd(32), ...CATEGORIES.map((c) => c.padStart(15))].join(''));
  for (const path of PAGES) {
    const result = await lighthouse(
      `${base}${path}`,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
      desktop ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`no Lighthouse result for ${path}`);
    if (reportDir) writeFileSync(join(reportDir, `${path.replace(/\W+/g, '_')}.json`), result.report as string);
    const scores = CATEGORIES.map((category) => Math.round((result.lhr.categories[category]?.score ?? 0) * 100));
    if (scores.some((score) => score < TARGET)) failed = true;
    console.log([path.padEnd(32), ...scores.map((score) => String(score).padStart(15))].join(''));
    for (const category of CATEGORIES) {
      const refs = result.lhr.categories[category]?.auditRefs ?? [];
      for (const ref of refs) {
        const audit = result.lhr.audits[ref.id];
        if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9)
          console.log(`    ${category}: ${audit.id} ${audit.displayValue ?? ''} (${Math.round(audit.score * 100)})`);
      }
    }
  }
} finally {
  chrome.kill();
  server.stop();
}
process.exit(failed ? 1 : 0);
