/**
 * The page's entry: the boot shell and the page's head (index.html, written by the server) paint first, then the
 * app's code is fetched. Fetched at once, the code reached a fast connection before the browser's first frame
 * and its evaluation held that frame back: a phone saw nothing until the scripts had run.
 */
requestAnimationFrame(() => {
  setTimeout(() => {
    void import('./main.tsx');
  }, 0);
});
