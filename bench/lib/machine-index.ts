/**
 * Lighthouse's benchmarkIndex of this machine at this moment, measured on its own: the guide asks
 * every budget's figures to carry it (the machine's speed swings 3.5× within a day), and the
 * commands that run no Lighthouse page (`--only`, `import`, `edit-visibility`) had none. A tiny
 * local page is enough: Lighthouse measures the index with its own loop before loading it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';

/** Three readings in one browser, lowest first (a single reading moves by 2× while warming up). */
export async function machineIndex(): Promise<number[]> {
  const page = createServer((_request, response) =>
    response.end('<!doctype html><title>index</title><p>index</p>'),
  );
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    const { port } = page.address() as AddressInfo;
    const readings: number[] = [];
    for (let run = 0; run < 3; run++) {
      const runner = await lighthouse(`http://127.0.0.1:${port}/`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyAudits: ['first-contentful-paint'],
      });
      readings.push(Math.round(runner?.lhr.environment.benchmarkIndex ?? 0));
    }
    return readings.sort((a, b) => a - b);
  } finally {
    await chrome.kill();
    page.close();
  }
}
