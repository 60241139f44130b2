/**
 * One `<main>` per page: the layouts own it (PublicLayout's, BareLayout's); a page or a section
 * inside them never opens another (the panel and the admin did, nested in BareLayout's).
 */
import { describe, expect, it } from 'vitest';

/** Every source file's text (tests aside). */
const SOURCES = import.meta.glob<string>(['../../**/*.tsx', '!../../**/*.test.tsx', '!../../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('landmarks', () => {
  it('only the layouts render <main>', () => {
    const files = Object.keys(SOURCES);
    expect(files.length).toBeGreaterThan(50);
    const withMain = files.filter((f) => /<main[\s>]/.test(SOURCES[f]));
    expect(withMain).toEqual(['./PublicLayout.tsx']);
    // Its two layouts, one <main> each.
    expect(SOURCES['./PublicLayout.tsx'].match(/<main[\s>]/g)).toHaveLength(2);
  });
});
