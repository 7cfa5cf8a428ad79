/**
 * Debian's Chromium driven by playwright-core: nothing is downloaded. Outside CI a missing
 * Chromium skips the browser tests with a loud message; with CI=true it fails them.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** True when the browser tests can run; prints why not, and throws in CI where they must. */
export function chromiumAvailable(): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  const message = `Chromium not found at ${CHROMIUM_PATH}: the browser tests cannot run (install Debian's chromium package, or set CHROMIUM_PATH)`;
  if (process.env.CI === 'true') throw new Error(message);
  console.warn(`\n!!! ${message}. SKIPPING the browser tests.\n`);
  return false;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true, timeout: 120_000 });
}
