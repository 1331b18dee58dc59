/**
 * The in-app path a link opened from outside the app names: `https://<host>/quote/AAPL` (a universal link or an
 * Android App Link: the OS hands the app only links of hosts verified for it) or the app's own scheme
 * (`earningshub://quote/AAPL`, where the first segment parses as the URL's host). Null when it names none.
 */
export function appPathOf(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  const web = url.protocol === 'https:' || url.protocol === 'http:';
  const path = web ? url.pathname : `/${url.host}${url.pathname}`.replace(/\/{2,}/g, '/');
  if (!path.startsWith('/') || path.startsWith('//')) return null;
  return `${path}${url.search}${url.hash}`;
}
