/**
 * Where the native apps are listed. SPEC names no store addresses, so they are deployment configuration: the web
 * build's `/app-links.json` (public/app-links.json), edited where the site is deployed once the apps are listed —
 * no rebuild needed. Both are null until then, and the web's mobile-app prompt shows only listed stores (none
 * today: it then shows nothing).
 */
export interface AppLinks {
  appStore: string | null;
  googlePlay: string | null;
}

export const APP_LINKS_URL = '/app-links.json';

const httpsUrl = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  try {
    return new URL(value).protocol === 'https:' ? value : null;
  } catch {
    return null;
  }
};

/** Reads the file's answer: anything but an https URL counts as not listed. */
export function parseAppLinks(raw: unknown): AppLinks {
  const record = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  return { appStore: httpsUrl(record.appStore), googlePlay: httpsUrl(record.googlePlay) };
}

export async function fetchAppLinks(fetcher: typeof fetch = fetch): Promise<AppLinks> {
  try {
    const res = await fetcher(APP_LINKS_URL, { cache: 'no-cache' });
    return parseAppLinks(res.ok ? await res.json() : null);
  } catch {
    return { appStore: null, googlePlay: null };
  }
}
