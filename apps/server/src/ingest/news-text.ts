import { createHash } from 'node:crypto';
import sanitizeHtml from 'sanitize-html';

/**
 * The only markup a news body keeps: text structure, links and pictures. Scripts, styles, frames, forms, event
 * handlers and `javascript:` URLs never reach the database (the web app renders bodies as HTML).
 */
const NEWS_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h2',
    'h3',
    'h4',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'sub',
    'sup',
    'blockquote',
    'q',
    'cite',
    'code',
    'pre',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  // rel and target are ours (set below, overriding the vendor's).
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  // A vendor's link opens elsewhere, passes no referrer and earns no ranking from us.
  transformTags: {
    // A link the scheme check would strip keeps only its text (renaming the tag confuses the parser's closing tags).
    a: (_tag, attribs) =>
      /^(https?:|mailto:)/i.test(attribs.href?.trim() ?? '')
        ? { tagName: 'a', attribs: { ...attribs, rel: 'noopener noreferrer nofollow', target: '_blank' } }
        : { tagName: 'a', attribs: {} },
  },
  // Pictures only from absolute https addresses (a relative one would load from our own origin).
  exclusiveFilter: (frame) => frame.tag === 'img' && !/^https:\/\//i.test(frame.attribs.src ?? ''),
  disallowedTagsMode: 'discard',
};

/** Allow-listed HTML of a vendor's news body; null when nothing is left. */
export function sanitizeNewsBody(html: string | null | undefined): string | null {
  if (!html) return null;
  const clean = sanitizeHtml(html, NEWS_HTML).trim();
  return clean === '' ? null : clean;
}

/** Plain text of a vendor's title or summary (some send markup there too). */
export function plainText(text: string): string {
  // The parser decodes entities and the serialiser escapes these four again; the UI escapes text itself.
  return sanitizeHtml(text, { allowedTags: [], allowedAttributes: {} })
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A readable, stable slug: the title's words and a short hash of the item's key, so two items with the same title
 * never share a slug and re-ingesting an item keeps its address.
 */
export function newsSlug(title: string, source: string, externalId: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  const hash = createHash('sha256').update(`${source}\u0000${externalId}`).digest('hex').slice(0, 8);
  return words ? `${words}-${hash}` : hash;
}
