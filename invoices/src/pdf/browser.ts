import { type Browser, chromium } from 'playwright-core';

/**
 * One Chromium for every document a process prints: launched on the first PDF, kept and reused
 * (a page each), launched again if it died. Debian's Chromium (scripts/install.sh, the Docker
 * image) unless the process configured another.
 */
let executablePath = '/usr/bin/chromium';
let launching: Promise<Browser> | null = null;

export function configureDocumentRenderer(options: { chromiumPath?: string }): void {
  if (options.chromiumPath) executablePath = options.chromiumPath;
}

export async function documentBrowser(): Promise<Browser> {
  if (launching) {
    const browser = await launching.catch(() => null);
    if (browser?.isConnected()) return browser;
  }
  launching = chromium.launch({
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return launching;
}

/** Closes the shared browser (a process's shutdown, a test's end). */
export async function closeDocumentRenderer(): Promise<void> {
  const pending = launching;
  launching = null;
  const browser = await pending?.catch(() => null);
  await browser?.close();
}

/** Prints HTML to an A4 PDF in a page of its own; no script runs and nothing is fetched. */
export async function printPdf(html: string): Promise<Buffer> {
  const browser = await documentBrowser();
  const context = await browser.newContext({ javaScriptEnabled: false, offline: true });
  try {
    const page = await context.newPage();
    await page.setContent(html, { waitUntil: 'load' });
    return await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
  } finally {
    await context.close();
  }
}
