import type { Variation } from './product';

/** What the choosers read of a variation: the back office's and the shopper's copies both have it. */
type OptionsOf = Pick<Variation, 'isActive' | 'size' | 'beans' | 'type'>;

/** SPEC 9: weight ordering 250g, 500g, 1kg, then the rest (in their original order). */
const WEIGHT_ORDER = ['250g', '500g', '1kg'];

function weightRank(weight: string): number {
  const i = WEIGHT_ORDER.indexOf(weight.replace(/\s+/g, '').toLowerCase());
  return i === -1 ? WEIGHT_ORDER.length : i;
}

export function sortWeights(weights: readonly string[]): string[] {
  return weights
    .map((w, i) => ({ w, i }))
    .sort((a, b) => weightRank(a.w) - weightRank(b.w) || a.i - b.i)
    .map((x) => x.w);
}

/** SPEC 9: the additions list always starts with Normal. */
export function sortAdditions(additions: readonly string[]): string[] {
  const normal = additions.filter((a) => a.toLowerCase() === 'normal');
  return [...normal, ...additions.filter((a) => a.toLowerCase() !== 'normal')];
}

export interface OptionChoice {
  weight: string;
  beans: string | null;
  additions: string | null;
}

function unique<T>(xs: T[]): T[] {
  return [...new Set(xs)];
}

/** The choosers of the options modal (SPEC 2.6), from the active variations. */
export function optionLists(variations: readonly OptionsOf[]) {
  const active = variations.filter((v) => v.isActive && v.size.isActive);
  return {
    weights: sortWeights(unique(active.map((v) => v.size.displayName))),
    beans: unique(active.flatMap((v) => (v.beans ? [v.beans.name] : []))),
    additions: sortAdditions(unique(active.flatMap((v) => (v.type ? [v.type.name] : [])))),
  };
}

/** SPEC 4: on open the modal defaults to the first weight (sorted), first bean and first addition. */
export function defaultChoice(variations: readonly OptionsOf[]): OptionChoice | null {
  const lists = optionLists(variations);
  const weight = lists.weights[0];
  if (weight === undefined) return null;
  return { weight, beans: lists.beans[0] ?? null, additions: lists.additions[0] ?? null };
}

/** SPEC 4: changing any choice re-matches a variation; no match → null (add disabled). */
export function matchVariation<V extends OptionsOf>(
  variations: readonly V[],
  choice: OptionChoice,
): V | null {
  return (
    variations.find(
      (v) =>
        v.isActive &&
        v.size.displayName === choice.weight &&
        (v.beans?.name ?? null) === choice.beans &&
        (v.type?.name ?? null) === choice.additions,
    ) ?? null
  );
}
