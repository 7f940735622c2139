// Markdown as a document (the dealer agreement on the contract screen, and its live preview in the
// admin's settings, one renderer for both): react-markdown builds React elements and, with
// skipHtml, drops any raw HTML in the text, so the agreement cannot inject markup or scripts.
// Elements are set in antd's type with spacing of their own, so the text sits evenly in its frame.
import type { CSSProperties, ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import Typography from 'antd/es/typography';

const flush: CSSProperties = { margin: 0 };
const list: CSSProperties = { margin: 0, paddingInlineStart: 24, display: 'flex', flexDirection: 'column', gap: 6 };

/**
 * Headings below the screen's own title (h1): the document's title belongs to the document,
 * centred on it as on a printed agreement.
 */
const heading = (level: 4 | 5, style: CSSProperties = flush) => ({ children }: { children?: ReactNode }) => (
  <Typography.Title level={level} style={style}>{children}</Typography.Title>
);

const components: Components = {
  h1: heading(4, { ...flush, textAlign: 'center' }),
  h2: heading(5),
  h3: heading(5),
  h4: heading(5),
  h5: heading(5),
  h6: heading(5),
  p: ({ node: _node, ...props }) => <p {...props} style={flush} />,
  ul: ({ node: _node, ...props }) => <ul {...props} style={list} />,
  ol: ({ node: _node, ...props }) => <ol {...props} style={list} />,
};

export function MarkdownDocument({ text }: { text: string }) {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Markdown skipHtml components={components}>{text}</Markdown>
    </div>
  );
}
