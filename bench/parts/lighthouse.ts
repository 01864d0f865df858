import { lighthouseFigures } from '../lighthouse';
import type { Figure } from '../report';
import type { Bench } from '../stack';

/** The `lighthouse` part: the storefront's pages in Lighthouse (bench/lighthouse.ts). */
export async function lighthousePart(bench: Bench, figures: Figure[]) {
  figures.push(...(await lighthouseFigures(bench.gateway, bench.procs)));
}
