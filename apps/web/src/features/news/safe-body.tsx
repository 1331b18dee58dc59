import { Box, Link, Typography } from '@mui/material';
import { type ReactNode, useMemo } from 'react';
import { type SafeNode, sanitizeHtml } from './safe-html.ts';

function render(nodes: readonly SafeNode[]): ReactNode[] {
  return nodes.map((node, index) => {
    // biome-ignore lint/suspicious/noArrayIndexKey: a parsed body never reorders
    if (node.kind === 'text') return <span key={index}>{node.text}</span>;
    const children = render(node.children);
    if (node.tag === 'a')
      return (
        // biome-ignore lint/suspicious/noArrayIndexKey: a parsed body never reorders
        <Link key={index} href={node.href} target="_blank" rel="noopener noreferrer nofollow">
          {children}
        </Link>
      );
    if (node.tag === 'p')
      return (
        // biome-ignore lint/suspicious/noArrayIndexKey: a parsed body never reorders
        <Typography key={index} component="p" sx={{ mb: 2, lineHeight: 1.7 }}>
          {children}
        </Typography>
      );
    // biome-ignore lint/suspicious/noArrayIndexKey: a parsed body never reorders
    if (node.tag === 'br') return <br key={index} />;
    const Tag = node.tag;
    // biome-ignore lint/suspicious/noArrayIndexKey: a parsed body never reorders
    return <Tag key={index}>{children}</Tag>;
  });
}

/** An article body: the stored HTML parsed and re-sanitised (safe-html.ts), rendered as React elements. */
export function SafeBody({ html }: { html: string }) {
  const tree = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <Box data-testid="article-body" sx={{ '& h2, & h3, & h4': { mt: 3, mb: 1 }, '& li': { mb: 0.5 } }}>
      {render(tree)}
    </Box>
  );
}
