/** html-to-text 10 ships no types; what `render.tsx` uses of it (the package's README: `compile`). */
declare module 'html-to-text' {
  export function compile(options?: Record<string, unknown>): (html: string) => string;
}
