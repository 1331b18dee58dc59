/**
 * Size of the JavaScript a first visit downloads before any lazy route: the page's boot script, the app it imports
 * once the first frame has painted, and everything those import statically, gzip-compressed, in kB of 1000 bytes
 * as Vite prints them. Run after `npm run build`: `node scripts/initial-js-size.ts [budgetKb]`.
 * Exits 1 when over the budget.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = process.env.WEB_DIST ?? join(import.meta.dirname, '..', 'dist');
const budgetKb = Number(process.argv[2] ?? 180);
const html = readFileSync(join(dist, 'index.html'), 'utf8');
// Every module script and module preload of the page.
const entries = [...html.matchAll(/<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="\/([^"]+)"/g)].map(
  (match) => match[1] as string,
);
if (entries.length === 0) throw new Error('no module entry in dist/index.html');

const seen = new Set<string>();
const queue = [...entries];
while (queue.length > 0) {
  const file = queue.pop() as string;
  if (seen.has(file)) continue;
  seen.add(file);
  const code = readFileSync(join(dist, file), 'utf8');
  // Static imports: `import {…} from "./x.js"` and `import "./x.js"`; the page's own scripts' `import("./x.js")`
  // too (the boot script imports the app unconditionally), not the lazy routes' further down.
  const imports = entries.includes(file)
    ? /\bimport\s*(?:[\w$*{}\s,]+from\s*|\(\s*)?["'`](\.\/[^"'`]+\.js)["'`]/g
    : /\bimport\s*(?:[\w$*{}\s,]+from\s*)?["'](\.\/[^"']+\.js)["']/g;
  for (const match of code.matchAll(imports)) {
    const dep = match[1];
    if (dep) queue.push(join(file, '..', dep));
  }
}

let raw = 0;
let gzip = 0;
const rows = [...seen].map((file) => {
  const bytes = readFileSync(join(dist, file));
  const zipped = gzipSync(bytes).length;
  raw += bytes.length;
  gzip += zipped;
  return { file, raw: bytes.length, gzip: zipped };
});
rows.sort((a, b) => b.gzip - a.gzip);
for (const row of rows) console.log(`${(row.gzip / 1000).toFixed(2).padStart(8)} kB gz  ${row.file}`);
const totalKb = gzip / 1000;
console.log(
  `initial JS: ${rows.length} files, ${(raw / 1000).toFixed(1)} kB raw, ${totalKb.toFixed(1)} kB gzip (budget ${budgetKb} kB)`,
);
if (totalKb > budgetKb) process.exit(1);
