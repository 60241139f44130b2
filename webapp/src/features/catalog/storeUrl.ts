/**
 * What a store URL can be (decisions §13): lower-case letters, digits and hyphens, 3–40
 * characters. Anything else at `/:urlforn` is not found at once.
 */
export const STORE_URL_RE = /^[a-z0-9-]{3,40}$/;
