/** Google Calendar's "add by URL" page: it takes the feed as a webcal address in `cid`. */
export const GOOGLE_CALENDAR_ADD_URL = 'https://calendar.google.com/calendar/render';

/** The feed as a webcal:// address: the scheme Apple Calendar (and Outlook) open as a subscription. */
export function webcalUrl(feedUrl: string): string {
  return feedUrl.replace(/^https?:\/\//i, 'webcal://');
}

/** Google Calendar's page that subscribes to the feed. */
export function googleCalendarUrl(feedUrl: string): string {
  return `${GOOGLE_CALENDAR_ADD_URL}?cid=${encodeURIComponent(webcalUrl(feedUrl))}`;
}

/**
 * True when the feed lives on this computer or a private network: Google fetches feeds from its own servers, so it
 * cannot reach one there (Apple Calendar on the same machine can).
 */
export function isPrivateHost(feedUrl: string): boolean {
  let host: string;
  try {
    host = new URL(feedUrl).hostname;
  } catch {
    return false;
  }
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '[::1]' ||
    /^127\./.test(host) ||
    /^10\./.test(host) ||
    /^192\.168\./.test(host) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(host)
  );
}
