/**
 * The page's entry: the boot shell and the page's head (index.html, written by the server) paint first, then the
 * app's code is fetched. Fetched at once, the code reached a fast connection before the browser's first frame
 * and its evaluation held that frame back: a phone saw nothing until the scripts had run. Meanwhile a worker loads
 * the ICU data the app's formats need (icu-warmup.worker.ts), off the page's thread.
 */
new Worker(new URL('./icu-warmup.worker.ts', import.meta.url), { type: 'module' });
requestAnimationFrame(() => {
  setTimeout(() => {
    void import('./main.tsx');
  }, 0);
});
