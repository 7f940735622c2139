// A newsletter's Markdown body. react-markdown builds React elements and, with skipHtml, drops any
// raw HTML in the body, so a newsletter cannot inject markup or scripts. Elements are set in antd's
// type with spacing of their own, so the body sits evenly in its card.
// GFM tables come from remarkGfmTable (tables only: all of remark-gfm would take this remote's own
// chunks to 63.5 KB gzip, over the 60 KB of design §8). A table is drawn as antd's bordered tables
// are, in the theme's colours, across the card, and scrolls sideways when it is wider than the card.
import { type CSSProperties, type ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { token } from '@portal/shared/ui/tokens';
import Typography from 'antd/es/typography';
import { remarkGfmTable } from './remark-gfm-table';

const flush: CSSProperties = { margin: 0 };
const list: CSSProperties = { margin: 0, paddingInlineStart: 24, display: 'flex', flexDirection: 'column', gap: 4 };
const heading = (level: 4 | 5) => ({ children }: { children?: ReactNode }) => (
  <Typography.Title level={level} style={flush}>{children}</Typography.Title>
);
const remarkPlugins = [remarkGfmTable];

const line = `${token.lineWidth} solid ${token.colorBorderSecondary}`;
// Every cell has its borders; the table's own `hidden` border wins over the outer ones
// (collapsed borders), so the rounded frame of the scroll box is the only outer line.
const cell: CSSProperties = { padding: `${token.paddingXS} ${token.paddingSM}`, border: line, textAlign: 'start', verticalAlign: 'top' };
/** The body's elements, in the theme's variables, so they follow a change of theme as drawn. */
const components: Components = {
  h1: heading(4), h2: heading(5), h3: heading(5), h4: heading(5), h5: heading(5), h6: heading(5),
  p: ({ node: _node, ...props }) => <p {...props} style={flush} />,
  ul: ({ node: _node, ...props }) => <ul {...props} style={list} />,
  ol: ({ node: _node, ...props }) => <ol {...props} style={list} />,
  table: ({ node: _node, ...props }) => (
    <div className="news-table" style={{ overflowX: 'auto', maxWidth: '100%', border: line, borderRadius: token.borderRadiusLG }}>
      <table {...props} style={{ width: '100%', borderCollapse: 'collapse', borderStyle: 'hidden' }} />
    </div>
  ),
  // GFM column alignment (`|---:|`) arrives as the cell's text-align and wins over the default.
  th: ({ node: _node, style, ...props }) => (
    <th {...props} style={{ ...cell, background: token.colorFillAlter, fontWeight: token.fontWeightStrong, whiteSpace: 'nowrap', ...style }} />
  ),
  td: ({ node: _node, style, ...props }) => <td {...props} style={{ ...cell, ...style }} />,
};

export function NewsBody({ body }: { body: string }) {
  return (
    <div className="news-body" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Markdown skipHtml remarkPlugins={remarkPlugins} components={components}>{body}</Markdown>
    </div>
  );
}
