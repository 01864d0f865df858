/**
 * Stripe's request bodies are `application/x-www-form-urlencoded` with bracketed keys
 * (`metadata[checkoutId]=…`, `expand[0]=latest_charge`, `expand[]=…`): stripe-node encodes
 * them with qs (`arrayFormat: 'indices'`), Stripe.js the same way. Decoded here into nested
 * objects; numeric or empty brackets make arrays.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

export function parseForm(body: string): FormObject {
  const root: FormObject = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const head = rawKey.match(/^[^[]+/)?.[0];
    if (!head) continue;
    const path = [
      head,
      ...Array.from(rawKey.slice(head.length).matchAll(/\[([^\]]*)\]/g), (m) => m[1] ?? ''),
    ];
    let node: FormObject | FormValue[] = root;
    for (let i = 0; i < path.length; i++) {
      const key = path[i]!;
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(path[i + 1]!);
      if (Array.isArray(node)) {
        const index = key === '' ? node.length : Number(key);
        if (last) node[index] = value;
        else {
          node[index] ??= nextIsIndex ? [] : {};
          node = node[index] as FormObject | FormValue[];
        }
      } else if (last) {
        node[key] = value;
      } else {
        const existing = node[key];
        if (typeof existing !== 'object') node[key] = nextIsIndex ? [] : {};
        node = node[key] as FormObject | FormValue[];
      }
    }
  }
  return root;
}

export const str = (v: FormValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
export const obj = (v: FormValue | undefined): FormObject =>
  v && typeof v === 'object' && !Array.isArray(v) ? v : {};
export const list = (v: FormValue | undefined): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : [];

/** `metadata[…]` applied to what an object has: Stripe removes a key sent with an empty value. */
export function metadataOf(params: FormObject, current: Record<string, string> = {}): Record<string, string> {
  const next = { ...current };
  for (const [k, v] of Object.entries(obj(params.metadata))) {
    if (typeof v === 'string' && v === '') delete next[k];
    else if (typeof v === 'string') next[k] = v;
  }
  return next;
}
