/** `hyphen` (ISC, pinned in package.json) ships no types; this is the part of its German entry point the PDF uses. */
declare module 'hyphen/de/index.js' {
  interface HyphenateOptions {
    /** The character put at every break point (default U+00AD, the soft hyphen). */
    hyphenChar?: string;
    /** Words shorter than this stay whole (default 5). */
    minWordLength?: number;
  }
  const hyphen: { hyphenateSync(text: string, options?: HyphenateOptions): string };
  export default hyphen;
}
