import type { Browser } from 'playwright-core';
import { launchChromium } from './browser';
import { type Stack, startStack } from './stack';

/** The whole store on this run's ports and one Chromium: what every e2e file starts with. */
export async function startStackAndBrowser(): Promise<{ stack: Stack; browser: Browser }> {
  const stack = await startStack();
  try {
    return { stack, browser: await launchChromium() };
  } catch (err) {
    await stack.stop();
    throw err;
  }
}

/** Closes the browser, then stops the store; either may be missing when start-up failed. */
export async function stopStackAndBrowser(stack: Stack | undefined, browser: Browser | undefined) {
  await browser?.close();
  await stack?.stop();
}
