import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from './server/db/client';
import { seedDemoShop } from './server/db/seed';
import { startShop } from './tests/support/server-process';
import { launchBrowser } from './tests/support/browser';

const dataDir = mkdtempSync(path.join(tmpdir(), 'acc-debug-'));
const database = await openDatabase({ dataDir });
await database.migrate();
await seedDemoShop(database.db, path.join(dataDir, 'media'));
await database.close();
const shop = await startShop({ dataDir });
const base = shop.baseUrl;
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('console', (m) => console.log('console', m.type(), m.text()));
  page.on('pageerror', (e) => console.log('pageerror', e.message));
  page.on('response', (r) => { if (r.url().includes('/api/')) console.log('resp', r.status(), r.url()); });
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill('priya@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Teak#Shop2026');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${base}/`);
  console.log('--- at home');
  await page.waitForTimeout(3000);
  await page.goto(`${base}/dashboard`);
  await page.waitForTimeout(4000);
  console.log('url', page.url());
  console.log((await page.locator('body').innerText()).slice(0, 300));
} finally {
  await browser.close();
  await shop.stop();
}
