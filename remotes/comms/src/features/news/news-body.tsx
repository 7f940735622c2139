// A newsletter's Markdown body. react-markdown builds React elements and, with skipHtml, drops any
// raw HTML in the body, so a newsletter cannot inject markup or scripts. Elements are set in antd's
// type with spacing of their own, so the body sits evenly in its card.
// No GFM tables: remark-gfm would take this remote's own chunks to 63.5 KB gzip, over the 60 KB
// of design §8 (measured with bench/bundle.ts).
import type { CSSProperties, ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import Typography from 'antd/es/typography';

const flush: CSSProperties = { margin: 0 };
const list: CSSProperties = { margin: 0, paddingInlineStart: 24, display: 'flex', flexDirection: 'column', gap: 4 };
const heading = (level: 4 | 5) => ({ children }: { children?: ReactNode }) => (
  <Typography.Title level={level} style={flush}>{children}</Typography.Title>
);

const components: Components = {
  h1: heading(4), h2: heading(5), h3: heading(5), h4: heading(5), h5: heading(5), h6: heading(5),
  p: ({ node: _node, ...props }) => <p {...props} style={flush} />,
  ul: ({ node: _node, ...props }) => <ul {...props} style={list} />,
  ol: ({ node: _node, ...props }) => <ol {...props} style={list} />,
};

export function NewsBody({ body }: { body: string }) {
  return (
    <div className="news-body" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Markdown skipHtml components={components}>{body}</Markdown>
    </div>
  );
}
