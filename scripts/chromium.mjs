/**
 * Debian's Chromium as every tool here starts it (the journeys, the bench's Lighthouse, the
 * screenshots): headless-ready, and quiet on this machine's closed network, where without the
 * background-networking flags it keeps dialling Google's hosts and is refused.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
