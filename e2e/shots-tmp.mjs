import { chromium } from 'playwright-core';
import { execSync } from 'node:child_process';
const base = 'http://localhost:8085';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--no-first-run'] });
for (const [w,h] of [[360,740],[1280,800]]) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  await page.goto(base + '/operator/');
  await page.getByLabel('User name').fill('owner');
  await page.getByLabel('Password').fill('backlay-operator-dev');
  const code = execSync('npm run -s operator:code -w @backlay/server', { cwd: '/work/main' }).toString().trim().split(/\s+/)[0];
  await page.getByLabel('Authenticator code').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForTimeout(3000); await page.screenshot({ path: `/tmp/shot-signedin-${w}.png` });
  await page.getByRole('link', { name: 'Site' }).click();
  const sw = page.getByRole('switch', { name: 'Site suspended' });
  await sw.waitFor();
  await sw.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom - (window.innerHeight - 80)));
  await page.screenshot({ path: `/tmp/shot-suspend-before-${w}.png` });
  await sw.click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/shot-suspend-${w}.png` });
  console.log(w, await page.evaluate(() => document.activeElement?.textContent));
  await page.close();
  // TOTP code good once per step: wait for the next step before the second sign-in.
  if (w === 360) await new Promise((r) => setTimeout(r, 31000));
}
await browser.close();
