/**
 * Page scenarios: Lighthouse (mobile emulation, its default throttling) in Debian's Chromium on
 * the home, a category, a product and a search page: the four category scores, LCP, TBT, CLS,
 * and the JavaScript and CSS each page loads, as transferred. Each page is loaded `runs` times
 * and the run Lighthouse's own `computeMedianRun` picks is reported (the median of FCP and
 * TTI), as Lighthouse's variability guide advises; a single run of the same build moves by
 * several points.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

export interface PageResult {
  name: string;
  path: string;
  scores: { performance: number; accessibility: number; bestPractices: number; seo: number };
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsKb: number;
  cssKb: number;
  /** Lighthouse's CPU/Memory Power of this machine (a high-end desktop is 1,500–2,000). */
  benchmarkIndex: number;
  /** The protocol the page's document came over ('h2' or 'http/1.1'). */
  protocol: string;
  runs: number;
}

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
  protocol?: string;
}

export async function runPages(
  baseUrl: string,
  pages: { name: string; path: string }[],
  runs = 1,
): Promise<PageResult[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [
      '--headless=new',
      // nginx's certificate is made for the run (scripts/nginx.mjs).
      '--ignore-certificate-errors',
      ...CHROMIUM_ARGS,
    ],
  });
  try {
    const results: PageResult[] = [];
    for (const page of pages) {
      const lhrs = [];
      for (let run = 0; run < runs; run++) {
        const runner = await lighthouse(`${baseUrl}${page.path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
        if (!runner) throw new Error(`lighthouse gave no result for ${page.path}`);
        lhrs.push(runner.lhr);
      }
      // A run Lighthouse could not finish (its runtimeError) is left out, as Lighthouse does.
      const valid = filterToValidRuns(lhrs);
      if (!valid.length)
        throw new Error(
          `no valid Lighthouse run of ${page.path}: ${lhrs[0]?.runtimeError?.message}`,
        );
      for (const lhr of lhrs)
        if (lhr.runtimeError) console.warn(`  ${page.path}: ${lhr.runtimeError.message}`);
      const { categories, audits, environment } = computeMedianRun(valid);
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const items =
        (audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
      const document = items.find((item) => item.resourceType === 'Document');
      const kb = (type: string) =>
        Math.round(
          (items
            .filter((i) => i.resourceType === type)
            .reduce((sum, i) => sum + (i.transferSize ?? 0), 0) /
            1024) *
            10,
        ) / 10;
      results.push({
        name: page.name,
        path: page.path,
        scores: {
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
        },
        lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
        tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
        cls: Math.round((audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
        jsKb: kb('Script'),
        cssKb: kb('Stylesheet'),
        benchmarkIndex: Math.round(environment.benchmarkIndex),
        protocol: document?.protocol ?? 'unknown',
        runs,
      });
    }
    return results;
  } finally {
    await chrome.kill();
  }
}
