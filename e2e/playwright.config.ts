import { execSync } from 'node:child_process';
import { defineConfig } from '@playwright/test';

/** A free port, found once in the main process; workers inherit it through the environment. */
function freePort(): string {
  return execSync(
    `node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"`,
  )
    .toString()
    .trim();
}
/** Set to run the journeys against a server that is already up (development only). */
const external = process.env.BACKLAY_E2E_BASE_URL;
if (!external) {
  process.env.BACKLAY_E2E_PORT ??= freePort();
  process.env.BACKLAY_E2E_GAMES_PORT ??= freePort();
}
const port = process.env.BACKLAY_E2E_PORT;
const demoPort = external ? new URL(external).port : port;
const demoOrigins = ['suspended', 'nosignup', 'skipotp']
  .map((name) => `http://${name}.backlay.local:${demoPort}`)
  .join(',');

export default defineConfig({
  testDir: './tests',
  workers: 1,
  fullyParallel: false,
  // No retries, on CI either: a journey that needs one is a bug to fix. The in-play journeys ask a
  // price with room to move; the cash out trades on a pre-match book the e2e server holds still.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: '../test-results/e2e',
  use: {
    baseURL: external ?? `http://localhost:${port}`,
    // A failed journey keeps its trace: every action's DOM snapshot, the network and the console,
    // and a screenshot of the end. Not the trace's screencast: recording every frame of every
    // journey was a third of the machine's CPU (journeys, referrals and sports: 244 -> 173 CPU s).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    // The news ticker and the live dots stand still, as for a player who asks for less motion: no
    // frame drawn 60 times a second that no journey looks at (173 -> 155 CPU s on the same three).
    reducedMotion: 'reduce',
    // The app's service worker stays out of the journeys' way (page.route, fresh loads); the PWA
    // journey (pwa.spec.ts) allows it for itself.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--host-resolver-rules=MAP *.backlay.local 127.0.0.1',
        // The demo white-label hosts stand in for HTTPS sites; like localhost, they count as secure
        // origins, so the server's Content-Security-Policy 'upgrade-insecure-requests' leaves them be.
        `--unsafely-treat-insecure-origin-as-secure=${demoOrigins}`,
      ],
    },
  },
  webServer: external
    ? undefined
    : {
        // Build the client, then serve it from the real server with a fresh data folder.
        command: 'node e2e/scripts/serve.mjs',
        cwd: '..',
        url: `http://localhost:${port}/cdn/settings/test.json`,
        timeout: 240_000,
        reuseExistingServer: false,
        // SIGTERM, not the default SIGKILL of the process group: serve.mjs then stops the server and
        // removes what it made (the private build, the data folder, the scratch PostgreSQL database).
        gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
        stdout: 'pipe',
        stderr: 'pipe',
      },
});
