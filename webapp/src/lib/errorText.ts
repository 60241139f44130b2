/**
 * The text of something thrown: a thrown `Error`'s message (wasm-core's rules refuse with an
 * `Error` whose message is the spec's Portuguese text, shown as it is), otherwise `fallback` or,
 * without one, the value as text. The one place that looks inside a caught value; no DOM, so the
 * photo worker uses it too.
 */
export function errorText(err: unknown, fallback?: string): string {
  if (err instanceof Error) return err.message;
  return fallback ?? String(err);
}
