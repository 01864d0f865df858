import { adminPageFigures } from '../admin-pages';
import type { Figure } from '../report';
import type { Bench } from '../stack';

/** The `admin-pages` part: the back office's screens, en and ar, served and loaded (bench/admin-pages.ts). */
export async function adminPagesPart(bench: Bench, figures: Figure[]) {
  figures.push(...(await adminPageFigures(bench)));
}
