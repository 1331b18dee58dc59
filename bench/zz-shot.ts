import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:3603';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1', '--no-sandbox'] });
const shots: [string, number, 'light' | 'dark', string][] = [
  ['/quote/AAPL', 1440, 'light', 'quote-1440-light'],
  ['/quote/AAPL', 390, 'dark', 'quote-390-dark'],
  ['/ehs', 1440, 'light', 'ehs-1440-light'],
  ['/eh500', 390, 'dark', 'eh500-390-dark'],
];
for (const [path, width, scheme, name] of shots) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text()); });
  await page.goto(base + path, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/${name}.png`, fullPage: false });
  console.log(name, 'console:', errors.length, errors.slice(0, 3));
  await context.close();
}
await browser.close();
