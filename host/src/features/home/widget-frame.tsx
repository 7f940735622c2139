// The frame every home widget shares, the remotes' and the host's own (the cart): a titled
// section with its count, its content and a link to all. Plain markup on the theme's tokens (the
// styles are in home.tsx), so the home loads no antd Card (design §8).
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface WidgetFrameProps {
  id: string;
  title: string;
  level?: 2 | 3;
  /** Shown beside the title once known. */
  count?: number;
  more?: { to: string; text: string; label: string };
  children: ReactNode;
}

export function WidgetFrame({ id, title, level = 2, count, more, children }: WidgetFrameProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className="home-widget" aria-labelledby={id} data-testid={id}>
      <Heading id={id} className="home-widget-title">
        <span>{title}</span>
        {count !== undefined && <span className="home-widget-count" data-testid="widget-count">{count}</span>}
      </Heading>
      <div className="home-widget-body">{children}</div>
      {more && <Link to={more.to} className="home-widget-more" aria-label={more.label}>{more.text}</Link>}
    </section>
  );
}
