/** The privacy-enhanced embed host: YouTube sets no cookies until the visitor plays. */
export const YOUTUBE_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

/**
 * The video id of a YouTube address (watch?v=, youtu.be/, /live/, /embed/, /shorts/), or null when it is not one;
 * only YouTube's own hosts count.
 */
export function youtubeVideoId(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  const id =
    host === 'youtu.be'
      ? url.pathname.slice(1).split('/')[0]
      : host === 'youtube.com' || host === 'youtube-nocookie.com'
        ? url.pathname === '/watch'
          ? url.searchParams.get('v')
          : /^\/(live|embed|shorts)\/([^/]+)/.exec(url.pathname)?.[2]
        : null;
  return id && /^[A-Za-z0-9_-]{6,20}$/.test(id) ? id : null;
}

export const youtubeEmbedUrl = (id: string) => `${YOUTUBE_EMBED_ORIGIN}/embed/${id}?rel=0`;
