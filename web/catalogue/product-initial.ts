/** The letter a product's missing picture shows (SPEC 8): the first character of its name, upper-cased. */
export function productInitial(name: string): string {
  return Array.from(name.trim())[0]?.toUpperCase() ?? '?';
}
