import { describe, expect, it } from 'vitest';
import { measureOf, medianRun, pageFigures } from '../lighthouse';

/** A trimmed Lighthouse report: the parts measureOf reads. */
const report = {
  categories: {
    performance: { score: 0.97, auditRefs: [{ id: 'largest-contentful-paint', weight: 25 }] },
    accessibility: {
      score: 0.94,
      auditRefs: [
        { id: 'color-contrast', weight: 7 },
        { id: 'image-alt', weight: 10 },
      ],
    },
    'best-practices': { score: 1, auditRefs: [] },
    seo: { score: 0.69, auditRefs: [{ id: 'is-crawlable', weight: 4.6 }] },
  },
  audits: {
    'largest-contentful-paint': {
      id: 'largest-contentful-paint',
      title: 'LCP',
      score: 0.9,
      numericValue: 2100,
    },
    'color-contrast': { id: 'color-contrast', title: 'Contrast', score: 0 },
    'image-alt': { id: 'image-alt', title: 'Alt', score: 1 },
    'is-crawlable': { id: 'is-crawlable', title: 'Crawlable', score: 0 },
    'cumulative-layout-shift': { id: 'cumulative-layout-shift', title: 'CLS', score: 1, numericValue: 0.012 },
    metrics: {
      id: 'metrics',
      title: 'Metrics',
      score: null,
      details: { items: [{ observedLoad: 388.4, observedFirstContentfulPaint: 1306.2 }] },
    },
    'network-requests': {
      id: 'network-requests',
      title: 'Requests',
      score: null,
      details: {
        items: [
          { resourceType: 'Document', transferSize: 20_000 },
          { resourceType: 'Script', transferSize: 102_400 },
          { resourceType: 'Script', transferSize: 51_200 },
          { resourceType: 'Image', transferSize: 90_000 },
        ],
      },
    },
  },
  environment: { benchmarkIndex: 2010.5 },
};

describe('lighthouse figures (make bench)', () => {
  it('reads the four scores, CLS, the compressed JavaScript and the audits that cost points', () => {
    const m = measureOf(report);
    expect(m.scores).toEqual({ performance: 97, accessibility: 94, 'best-practices': 100, seo: 69 });
    expect(m.cls).toBe(0.012);
    expect(m.jsKb).toBe(150);
    // The first paint came 918 ms after the load event; the machine's speed is printed beside it.
    expect(m.paintAfterLoadMs).toBe(918);
    expect(m.benchmarkIndex).toBe(2011);
    expect(
      measureOf({ ...report, audits: { ...report.audits, metrics: undefined } } as never).paintAfterLoadMs,
    ).toBe(0);
    expect(m.failing).toEqual([
      'performance: largest-contentful-paint (LCP)',
      'accessibility: color-contrast (Contrast)',
      'seo: is-crawlable (Crawlable)',
    ]);
  });

  it('names each figure by metric, language and route, beside the issue’s goal', () => {
    const figures = pageFigures({ label: '/shop', path: '/shop' }, 'ar', measureOf(report));
    expect(figures.map((f) => [f.name, f.goal, f.ok])).toEqual([
      ['lighthouse.performance.ar./shop', '>= 95', true],
      ['lighthouse.accessibility.ar./shop', '>= 100', false],
      ['lighthouse.best-practices.ar./shop', '>= 100', true],
      ['lighthouse.seo.ar./shop', '>= 100', false],
      ['cls.ar./shop', '<= 0.05', true],
      ['js-kb.ar./shop', '<= 150', true],
    ]);
    // The checkout is noindex on purpose: its SEO score is shown, not judged.
    const checkout = pageFigures(
      { label: '/checkout', path: '/checkout', noindex: true },
      'en',
      measureOf(report),
    );
    expect(checkout[3]).toMatchObject({
      name: 'lighthouse.seo.en./checkout (noindex)',
      goal: null,
      ok: null,
    });
  });

  it('reports the median of several runs, not the best one', () => {
    const score = (r: { perf: number }) => r.perf;
    expect(medianRun([{ perf: 97 }, { perf: 88 }, { perf: 93 }], score)).toEqual({ perf: 93 });
    // An even count takes the lower middle run: a lucky run never lifts the figure.
    expect(medianRun([{ perf: 99 }, { perf: 90 }, { perf: 95 }, { perf: 80 }], score)).toEqual({ perf: 90 });
    expect(medianRun([{ perf: 91 }], score)).toEqual({ perf: 91 });
    expect(() => medianRun([], score)).toThrow();
  });
});
