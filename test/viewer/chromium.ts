/**
 * Headless Chromium for the viewer's browser tests: Debian's chromium (installed by .ci/run) driven through
 * playwright-core, with a fresh profile and nothing that phones home. A missing browser fails the test with a
 * message saying how to install it: the viewer is never reported as tested when it was not.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.PLUGIN_EVAL_CHROMIUM ?? '/usr/bin/chromium';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchChromium(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM_PATH}: the viewer's browser tests need it. Install it with ` +
        `\`apt-get install -y chromium\` (.ci/run does this) or point PLUGIN_EVAL_CHROMIUM at a Chromium binary.`,
    );
  }
  // Not in a tempTree: the profile lives as long as the browser, which writes to it until it is closed.
  const profile = mkdtempSync(path.join(os.tmpdir(), 'plugin-eval-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: FLAGS,
    viewport: { width: 1100, height: 900 },
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
