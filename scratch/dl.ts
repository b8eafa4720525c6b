import { startShop } from '../tests/support/server-process';
import { launchBrowser } from '../tests/support/browser';

const shop = await startShop();
const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  page.on('console', (m) => console.log('console', m.type(), m.text()));
  page.on('download', (d) => console.log('download event', d.suggestedFilename()));
  await page.goto(`${shop.baseUrl}/login?next=%2Fdashboard`);
  await page.getByLabel('Email').fill('admin@teakwood.local');
  await page.getByLabel('Password', { exact: true }).fill('Teak#Admin2026');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor({ timeout: 60000 });
  await page.goto(`${shop.baseUrl}/dashboard?section=catalog`);
  await page.getByRole('tab', { name: 'Import / export', exact: true }).click();
  page.on('response', (r) => console.log('resp', r.status(), r.url()));
  await page.getByRole('button', { name: 'Download products CSV' }).click();
  await page.waitForTimeout(3000);
  console.log(await page.locator('[role=alert]').allTextContents());
} finally {
  await browser.close();
  await shop.stop();
}
