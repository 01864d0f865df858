import { createHash } from 'node:crypto';
import { normalizeSearchText, Product, type ProductSort, toFils } from '@qahwa/schema';

/** An answer ready to write: the JSON bytes and, when the same question always gets them, an ETag. */
export interface Answer {
  bytes: Buffer;
  /** Null for random picks: each answer differs, so there is nothing to revalidate. */
  etag: string | null;
}

/** GET /api/products's query (SPEC 7), after the contract's validation. */
export interface ListQuery {
  limit?: number | undefined;
  featured?: boolean | undefined;
  random?: boolean | undefined;
  category?: string | undefined;
  search?: string | undefined;
  sort?: ProductSort | undefined;
  offset?: number | undefined;
}

/** What the list answered before it was served from memory; kept so no client sees a change. */
export const DEFAULT_LIMIT = 100;
/** Distinct filtered lists kept per snapshot; search terms are shoppers' input, so this is bounded. */
const MAX_REMEMBERED_LISTS = 256;

interface Entry {
  id: string;
  slug: string;
  featured: boolean;
  category: string;
  /**
   * Name, Arabic name and SKU, each folded by the shared normaliser (case, accents, Arabic marks
   * and letter forms), once per snapshot instead of once per read: a product whose names hold
   * every word of a search comes first.
   */
  names: string;
  /**
   * The rest a shopper searches by, folded the same way: the descriptions (where the origin and
   * the tasting notes are written), the category's names, and the beans and additions of its
   * variations, in both languages. "coffee" finds the coffee beans category's products, not only
   * a product with the word in its name.
   */
  more: string;
  /** The lowest price a shopper pays (fils, as the cards show it), views, and when it was added: what the sorts use. */
  price: number;
  views: number;
  createdAt: number;
  /** Position in the storefront's order (category, featured first, name): the default sort. */
  position: number;
  json: Buffer;
  answer: Answer;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

export function etagOf(bytes: Buffer): string {
  return `"${createHash('sha1').update(bytes).digest('base64url')}"`;
}

/**
 * If-None-Match (RFC 9110 13.1.2): `*`, or a list of entity tags compared weakly (a `W/` prefix
 * does not matter).
 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * The whole active catalogue, validated against the contract once and serialised once: each
 * product's JSON is a Buffer, a list is those Buffers joined, so a read costs a lookup (or a
 * filter over a few dozen entries) and a write of bytes, never a query or a JSON.stringify.
 * Immutable: a change builds a new snapshot and swaps it in whole.
 */
export class CatalogueSnapshot {
  private readonly entries: Entry[];
  private readonly byKey = new Map<string, Entry>();
  private readonly lists = new Map<string, Answer>();
  readonly all: Answer;
  /** Changes whenever any product's JSON changes: tells a rebuild that changed something from one that did not. */
  readonly version: string;

  constructor(
    products: Product[],
    readonly builtAt: Date,
  ) {
    this.entries = products.map((raw, position) => {
      // Parsed with the contract, as the route's serializer would: a drift fails the build, not a read.
      const product = Product.parse(raw);
      const json = Buffer.from(JSON.stringify(product));
      return {
        id: product.id.toLowerCase(),
        slug: product.slug,
        featured: product.featured,
        category: product.category.slug,
        names: folded([product.name, product.nameAr, product.sku ?? '']),
        more: folded([
          product.description,
          product.descriptionAr,
          product.category.name,
          product.category.nameAr,
          ...product.variations.flatMap((v) => [
            v.beans?.name ?? '',
            v.beans?.nameAr ?? '',
            v.type?.name ?? '',
            v.type?.nameAr ?? '',
          ]),
        ]),
        price: lowestShownFils(product),
        views: product.views,
        createdAt: product.createdAt ? Date.parse(product.createdAt) || 0 : 0,
        position,
        json,
        answer: { bytes: json, etag: etagOf(json) },
      };
    });
    for (const e of this.entries) {
      this.byKey.set(e.slug, e);
      this.byKey.set(e.id, e);
    }
    this.all = this.answer(this.entries.slice(0, DEFAULT_LIMIT));
    this.version = etagOf(this.answer(this.entries).bytes);
  }

  get size(): number {
    return this.entries.length;
  }

  /** A product by uuid (any case) or slug, or null. */
  product(idOrSlug: string): Answer | null {
    const entry =
      this.byKey.get(idOrSlug) ?? (UUID.test(idOrSlug) ? this.byKey.get(idOrSlug.toLowerCase()) : undefined);
    return entry?.answer ?? null;
  }

  list(q: ListQuery): Answer {
    const limit = q.limit ?? DEFAULT_LIMIT;
    const offset = q.offset ?? 0;
    const sort = q.sort ?? 'featured';
    if (q.random) return this.answer(pick(this.filter(q), limit), false);
    if (
      !q.featured &&
      !q.category &&
      !q.search &&
      sort === 'featured' &&
      offset === 0 &&
      limit >= DEFAULT_LIMIT
    )
      return this.all;
    const term = q.search ? normalizeSearchText(q.search) : '';
    const key = JSON.stringify([limit, offset, sort, q.featured ?? false, q.category ?? '', term]);
    const known = this.lists.get(key);
    if (known) return known;
    const answer = this.answer(sorted(this.filter(q), sort, term).slice(offset, offset + limit));
    if (this.lists.size < MAX_REMEMBERED_LISTS) this.lists.set(key, answer);
    return answer;
  }

  private filter(q: ListQuery): Entry[] {
    // Every word of the term must occur (in any of the fields), in any order.
    const words = searchWords(q.search ? normalizeSearchText(q.search) : '');
    return this.entries.filter(
      (e) =>
        (!q.featured || e.featured) &&
        (!q.category || e.category === q.category) &&
        words.every((w) => e.names.includes(w) || e.more.includes(w)),
    );
  }

  private answer(entries: Entry[], cacheable = true): Answer {
    const parts: Buffer[] = [OPEN];
    entries.forEach((e, i) => {
      if (i > 0) parts.push(COMMA);
      parts.push(e.json);
    });
    parts.push(CLOSE);
    const bytes = Buffer.concat(parts);
    return { bytes, etag: cacheable ? etagOf(bytes) : null };
  }
}

/**
 * The list in the asked order; ties keep the storefront's order, so a page boundary never moves
 * between two reads of one snapshot. `popular` is by views (the ProductViewed projection, as of
 * the snapshot's build).
 */
function sorted(entries: Entry[], sort: ProductSort, term = ''): Entry[] {
  if (sort === 'featured') {
    // A search in the storefront's own order ranks by where it was found: every word in the
    // names first, then the rest; the storefront's order within each.
    const words = searchWords(term);
    if (words.length === 0) return entries;
    const rank = (e: Entry) => (words.every((w) => e.names.includes(w)) ? 0 : 1);
    return entries.slice().sort((a, b) => rank(a) - rank(b) || a.position - b.position);
  }
  const by: Record<Exclude<ProductSort, 'featured'>, (a: Entry, b: Entry) => number> = {
    'price-asc': (a, b) => a.price - b.price,
    'price-desc': (a, b) => b.price - a.price,
    newest: (a, b) => b.createdAt - a.createdAt,
    popular: (a, b) => b.views - a.views,
  };
  const compare = by[sort];
  return entries.slice().sort((a, b) => compare(a, b) || a.position - b.position);
}

/** The cheapest variation at the price it shows (the sale and promotions in it), else the product's own. */
function lowestShownFils(product: Product): number {
  const shown = product.variations.map((v) => v.shownPriceFils ?? toFils(v.price));
  return shown.length > 0 ? Math.min(...shown) : toFils(product.price);
}

/** Texts folded by the shared normaliser, joined so one word never matches across two of them. */
function folded(texts: readonly string[]): string {
  return texts
    .filter((t) => t !== '')
    .map(normalizeSearchText)
    .join('\u0000');
}

function searchWords(normalisedTerm: string): string[] {
  return normalisedTerm.split(' ').filter(Boolean);
}

/** `count` entries in random order (a partial Fisher–Yates shuffle): random=true stays random. */
function pick(entries: Entry[], count: number, random = Math.random): Entry[] {
  const copy = entries.slice();
  const n = Math.min(count, copy.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (copy.length - i));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, n);
}
