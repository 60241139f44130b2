/**
 * A placeholder page for a screen that later work fills in: a heading and what it will show.
 */
import type { ReactNode } from 'react';
import { usePageTitle } from '@/hooks/usePageTitle';

export interface PlaceholderProps {
  title: string;
  children?: ReactNode;
}

export function Placeholder({ title, children }: PlaceholderProps) {
  usePageTitle(title);
  return (
    <section className="container page placeholder">
      <h1>{title}</h1>
      {children}
      <p className="muted">Esta página está em construção.</p>
    </section>
  );
}
