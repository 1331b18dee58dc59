import { describe, expect, it } from 'vitest';
import { type NodeLike, safeHref, sanitizeNodes } from './safe-html.ts';

const text = (value: string): NodeLike => ({ nodeType: 3, nodeName: '#text', textContent: value, childNodes: [] });
const el = (name: string, children: NodeLike[], attrs: Record<string, string> = {}): NodeLike => ({
  nodeType: 1,
  nodeName: name.toUpperCase(),
  textContent: null,
  childNodes: children,
  getAttribute: (attr) => attrs[attr] ?? null,
});

describe(sanitizeNodes.name, () => {
  it('keeps allow-listed text elements and drops scripts with their content', () => {
    const tree = sanitizeNodes([
      el('p', [text('Revenue rose '), el('strong', [text('12 %')])]),
      el('script', [text('alert(1)')]),
      el('h1', [text('Headline')]),
    ]);
    expect(tree).toEqual([
      {
        kind: 'element',
        tag: 'p',
        children: [
          { kind: 'text', text: 'Revenue rose ' },
          { kind: 'element', tag: 'strong', children: [{ kind: 'text', text: '12 %' }] },
        ],
      },
      { kind: 'element', tag: 'h2', children: [{ kind: 'text', text: 'Headline' }] },
    ]);
  });

  it('unwraps unknown elements, keeps their text, and never keeps attributes other than a safe href', () => {
    const tree = sanitizeNodes([
      el('div', [el('img', [], { src: 'x', onerror: 'alert(1)' }), text('kept')], { style: 'color:red' }),
      el('a', [text('bad link')], { href: 'javascript:alert(1)' }),
      el('a', [text('good link')], { href: 'https://example.com/a', onclick: 'x' }),
    ]);
    expect(tree).toEqual([
      { kind: 'text', text: 'kept' },
      { kind: 'text', text: 'bad link' },
      { kind: 'element', tag: 'a', href: 'https://example.com/a', children: [{ kind: 'text', text: 'good link' }] },
    ]);
  });
});

describe(safeHref.name, () => {
  it('accepts only absolute http(s) links', () => {
    expect(safeHref('https://example.com')).toBe('https://example.com/');
    expect(safeHref('http://example.com/x')).toBe('http://example.com/x');
    expect(safeHref(' javascript:alert(1)')).toBeUndefined();
    expect(safeHref('data:text/html,hi')).toBeUndefined();
    expect(safeHref('/relative')).toBeUndefined();
    expect(safeHref(null)).toBeUndefined();
  });
});
