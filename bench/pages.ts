/**
 * Page scenarios: Lighthouse (mobile emulation, its default throttling) in Debian's Chromium on
 * the home, a category, a product and a search page: the four category scores, LCP, TBT, CLS,
 * and the JavaScript and CSS each page loads, as transferred (gzipped).
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface PageResult {
  name: string;
  path: string;
  scores: { performance: number; accessibility: number; bestPractices: number; seo: number };
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsKb: number;
  cssKb: number;
}

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
}

export async function runPages(
  baseUrl: string,
  pages: { name: string; path: string }[],
): Promise<PageResult[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const results: PageResult[] = [];
    for (const page of pages) {
      const runner = await lighthouse(`${baseUrl}${page.path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      if (!runner) throw new Error(`lighthouse gave no result for ${page.path}`);
      const { categories, audits } = runner.lhr;
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const items =
        (audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
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
      });
    }
    return results;
  } finally {
    await chrome.kill();
  }
}
