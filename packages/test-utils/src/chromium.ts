import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium } from "playwright-core";

/** Debian's chromium, installed by .ci/run (`apt-get install chromium`); CHROMIUM_PATH overrides it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Whether the browser tests can run here; they are skipped with this reason otherwise. */
export const CHROMIUM_MISSING = existsSync(CHROMIUM_PATH)
  ? undefined
  : `chromium is not installed at ${CHROMIUM_PATH}: install it (apt-get install chromium) or set CHROMIUM_PATH`;

/**
 * Headless chromium as root in a container: no sandbox, no GPU, no network side traffic, and a new empty
 * profile folder (playwright takes it as the persistent context's user data dir, i.e. --user-data-dir).
 */
export async function launchChromium(viewport: { width: number; height: number }): Promise<BrowserContext> {
  const profile = mkdtempSync(join(tmpdir(), "mono-agent-chromium-"));
  return chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    viewport,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}
