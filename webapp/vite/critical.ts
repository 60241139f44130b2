/**
 * Vite plugin: the first paint before any JavaScript.
 *
 * - Inlines `src/app/critical.css` (minified with Lightning CSS) where index.html says
 *   `<!-- critical-css -->`: the tokens, the header and the skeleton that index.html's static
 *   markup inside `#root` uses.
 * - In the build, moves the app's stylesheet links and its entry script from `<head>` to the end
 *   of `<body>`, after that markup: the header and skeleton paint as soon as the HTML arrives,
 *   and the entry (a module script, which waits for the stylesheets before it) still runs with
 *   every style in place, so React's first render replaces the static copy without a flash.
 *   Module preloads stay in `<head>` (they do not block rendering).
 *
 * No inline script is added (a Content-Security-Policy without 'unsafe-inline' for scripts keeps
 * working); the inline style is covered by a hash or 'unsafe-inline' for styles.
 */
import { readFileSync } from 'node:fs';
import { transform } from 'lightningcss';
import type { Plugin } from 'vite';

export const CRITICAL_MARK = '<!-- critical-css -->';

/**
 * Browsers the output must keep working in (Lightning CSS would otherwise write, e.g., media
 * range syntax that Chrome before 104 ignores): older than what the JavaScript build targets.
 */
const TARGETS = { chrome: 87 << 16, firefox: 78 << 16, safari: 14 << 16 };

/** `css` minified. */
export function minifyCss(css: string, filename = 'critical.css'): string {
  const { code } = transform({ filename, code: Buffer.from(css), minify: true, targets: TARGETS });
  return code.toString();
}

/** index.html with the stylesheet links and module entry scripts moved to the end of `<body>`. */
export function moveToBodyEnd(html: string): string {
  const moved: string[] = [];
  const take = (m: string) => {
    moved.push(m.trim());
    return '';
  };
  const out = html
    .replace(/\s*<link rel="stylesheet"[^>]*>/g, take)
    .replace(/\s*<script type="module"[^>]*><\/script>/g, take);
  return moved.length ? out.replace('</body>', `  ${moved.join('\n    ')}\n  </body>`) : out;
}

export function criticalCss(file: string): Plugin {
  return {
    name: 'feira-critical-css',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!html.includes(CRITICAL_MARK)) throw new Error(`index.html lacks ${CRITICAL_MARK}`);
        const inlined = html.replace(CRITICAL_MARK, `<style>${minifyCss(readFileSync(file, 'utf8'))}</style>`);
        // The dev server injects its client and React's refresh preamble: leave their order alone.
        return ctx.server ? inlined : moveToBodyEnd(inlined);
      },
    },
  };
}
