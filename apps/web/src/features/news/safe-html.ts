/**
 * Article bodies are sanitised by the server before they are stored; the client still never puts stored HTML into
 * the page as HTML. It parses the body (inert: DOMParser runs no scripts and loads nothing) and keeps only an
 * allow-list of text elements and safe links, as a plain tree that React renders as elements.
 */

export type SafeNode =
  | { kind: 'text'; text: string }
  | { kind: 'element'; tag: SafeTag; href?: string; children: SafeNode[] };

export const SAFE_TAGS = [
  'p',
  'br',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'b',
  'i',
  'a',
  'blockquote',
  'code',
  'pre',
] as const;
export type SafeTag = (typeof SAFE_TAGS)[number];

/** Elements dropped with everything inside them (anything else unknown is unwrapped: its text is kept). */
const DROPPED = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'svg', 'math']);
/** h1 is the page's own heading: a body's h1 reads as h2. */
const RENAMED: Readonly<Record<string, SafeTag>> = { h1: 'h2', h5: 'h4', h6: 'h4' };

/** The DOM surface the sanitiser reads (so it runs on any parser's nodes). */
export interface NodeLike {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<NodeLike>;
  getAttribute?: (name: string) => string | null;
}

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

/** Only absolute http(s) links survive. */
export function safeHref(raw: string | null | undefined): string | undefined {
  if (!raw) return undefined;
  try {
    const url = new URL(raw.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export function sanitizeNodes(nodes: ArrayLike<NodeLike>): SafeNode[] {
  const out: SafeNode[] = [];
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i];
    if (!node) continue;
    if (node.nodeType === TEXT_NODE) {
      if (node.textContent) out.push({ kind: 'text', text: node.textContent });
      continue;
    }
    if (node.nodeType !== ELEMENT_NODE) continue;
    const name = node.nodeName.toLowerCase();
    if (DROPPED.has(name)) continue;
    const tag = RENAMED[name] ?? ((SAFE_TAGS as readonly string[]).includes(name) ? (name as SafeTag) : null);
    const children = sanitizeNodes(node.childNodes);
    if (!tag) {
      out.push(...children);
      continue;
    }
    if (tag === 'a') {
      const href = safeHref(node.getAttribute?.('href'));
      if (!href) {
        out.push(...children);
        continue;
      }
      out.push({ kind: 'element', tag, href, children });
      continue;
    }
    out.push({ kind: 'element', tag, children });
  }
  return out;
}

/** Parses a stored body in the browser and keeps the allow-listed tree. */
export function sanitizeHtml(html: string): SafeNode[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return sanitizeNodes(doc.body.childNodes as unknown as ArrayLike<NodeLike>);
}
