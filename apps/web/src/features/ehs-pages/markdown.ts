/**
 * A small reader for the Markdown of docs/ehs.md (headings, paragraphs, lists, tables, bold and code), so the
 * published method is shown from the very file the scoring follows, never a hand-made copy. It returns a plain
 * tree that React renders as elements: no HTML is ever injected. Pure TypeScript.
 */

export type Inline = { kind: 'text' | 'strong' | 'code'; text: string };
export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3; text: Inline[]; id: string }
  | { kind: 'paragraph'; text: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] }
  | { kind: 'table'; header: Inline[][]; rows: Inline[][][] };

/** **bold** and `code`; everything else is text. */
export function parseInline(source: string): Inline[] {
  const out: Inline[] = [];
  const pattern = /\*\*(.+?)\*\*|`([^`]+)`/g;
  let last = 0;
  for (let match = pattern.exec(source); match; match = pattern.exec(source)) {
    if (match.index > last) out.push({ kind: 'text', text: source.slice(last, match.index) });
    if (match[1] !== undefined) out.push({ kind: 'strong', text: match[1] });
    else out.push({ kind: 'code', text: match[2] ?? '' });
    last = match.index + match[0].length;
  }
  if (last < source.length) out.push({ kind: 'text', text: source.slice(last) });
  return out;
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => parseInline(cell.trim()));

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n/g, '\n').split('\n');
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    const trimmed = line.trim();
    if (trimmed === '') {
      i++;
      continue;
    }
    const heading = /^(#{1,3})\s+(.*)$/.exec(trimmed);
    if (heading) {
      const text = heading[2] ?? '';
      blocks.push({
        kind: 'heading',
        level: (heading[1]?.length ?? 1) as 1 | 2 | 3,
        text: parseInline(text),
        id: slugify(text),
      });
      i++;
      continue;
    }
    if (trimmed.startsWith('|')) {
      const rows: string[] = [];
      while (i < lines.length && (lines[i] ?? '').trim().startsWith('|')) rows.push(lines[i++] ?? '');
      const [header = '', , ...body] = rows;
      blocks.push({ kind: 'table', header: cells(header), rows: body.map(cells) });
      continue;
    }
    const item = /^(\s*)(-|\d+\.)\s+(.*)$/.exec(line);
    if (item) {
      const ordered = item[2] !== '-';
      const indent = item[1]?.length ?? 0;
      const items: string[] = [];
      while (i < lines.length) {
        const current = lines[i] ?? '';
        const next = /^(\s*)(-|\d+\.)\s+(.*)$/.exec(current);
        if (next && (next[1]?.length ?? 0) === indent) {
          items.push(next[3] ?? '');
          i++;
        } else if (current.trim() !== '' && /^\s+/.test(current) && !current.trim().startsWith('|') && items.length) {
          // A continuation line of the item above.
          items[items.length - 1] += ` ${current.trim()}`;
          i++;
        } else if (
          current.trim() === '' &&
          /^\s+\S/.test(lines[i + 1] ?? '') &&
          !/^\s*(-|\d+\.)\s/.test(lines[i + 1] ?? '')
        ) {
          // A blank line inside an item (an indented table or paragraph follows): keep reading the item.
          i++;
          const inner: string[] = [];
          while (i < lines.length && /^\s+\S/.test(lines[i] ?? '') && !/^\s*(-|\d+\.)\s/.test(lines[i] ?? ''))
            inner.push(lines[i++] ?? '');
          if (inner.some((l) => l.trim().startsWith('|'))) {
            blocks.push({ kind: 'list', ordered, items: items.splice(0).map(parseInline) });
            const table = inner.map((l) => l.trim()).filter((l) => l.startsWith('|'));
            const [header = '', , ...body] = table;
            blocks.push({ kind: 'table', header: cells(header), rows: body.map(cells) });
            const rest = inner
              .map((l) => l.trim())
              .filter((l) => !l.startsWith('|'))
              .join(' ');
            if (rest) blocks.push({ kind: 'paragraph', text: parseInline(rest) });
          } else items[items.length - 1] += ` ${inner.map((l) => l.trim()).join(' ')}`;
        } else break;
      }
      if (items.length) blocks.push({ kind: 'list', ordered, items: items.map(parseInline) });
      continue;
    }
    const paragraph: string[] = [];
    while (i < lines.length) {
      const current = (lines[i] ?? '').trim();
      if (current === '' || /^#{1,3}\s/.test(current) || current.startsWith('|') || /^(-|\d+\.)\s/.test(current)) break;
      paragraph.push(current);
      i++;
    }
    blocks.push({ kind: 'paragraph', text: parseInline(paragraph.join(' ')) });
  }
  return blocks;
}
