/**
 * index.html's first paint is a static copy of the header (and a page skeleton): the same
 * classes in the same order as the React header, so it has the same size and place, and React's
 * first render replaces it without anything moving. Also: the critical CSS marker is there and
 * the page skeleton is the one the routes show while they load.
 */
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { PageLoading } from '@/components/LoadStates';
import indexHtml from '../../../index.html?raw';
import { Header } from './Header';

vi.mock('@/features/account/components/AccountButton', () => ({
  AccountButton: () => <button type="button" className="account-btn">conta</button>,
}));
vi.mock('@/features/region/components/RegionButton', () => ({
  RegionButton: ({ className = '' }: { className?: string }) => <button type="button" className={`region-btn ${className}`}>região</button>,
}));
vi.mock('@/components/BagButton', () => ({ BagButton: () => <button type="button" className="bag-btn">sacola</button> }));

/** The grid areas of the header: each child of .header__inner, by its header__/logo class. */
function layoutClasses(inner: Element): string[] {
  return [...inner.children].map((c) => [...c.classList].filter((k) => k.startsWith('header__') || k === 'logo').join(' '));
}

function staticDocument(): Document {
  return new DOMParser().parseFromString(indexHtml, 'text/html');
}

describe('index.html first paint', () => {
  it('copies the header: the same places, in the same order', () => {
    const { container } = render(
      <MemoryRouter>
        <Header />
      </MemoryRouter>,
    );
    const live = container.querySelector('.header > .header__inner')!;
    const copy = staticDocument().querySelector('#root .shell > .header > .header__inner')!;
    expect(copy).toBeTruthy();
    expect(layoutClasses(copy)).toEqual(layoutClasses(live));
    // The menu links are the header's.
    const links = (root: Element) => [...root.querySelectorAll('.header__nav a')].map((a) => [a.getAttribute('href'), a.textContent]);
    expect(links(copy)).toEqual(links(live));
    expect(copy.querySelector('.header__app')?.textContent).toBe('Baixe o app');
  });

  it('has the critical CSS marker, and the skeleton the routes show while they load', () => {
    expect(indexHtml).toContain('<!-- critical-css -->');
    const doc = staticDocument();
    const skeleton = doc.querySelector('#root main.main > .skel-page')!;
    const { container } = render(<PageLoading />);
    expect(container.firstElementChild!.className).toBe(skeleton.className);
    expect(container.querySelectorAll('.skel--card')).toHaveLength(skeleton.querySelectorAll('.skel--card').length);
    // No inline script: only the entry module, loaded from a file.
    expect([...doc.querySelectorAll('script')].every((s) => s.getAttribute('src'))).toBe(true);
  });
});
