import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/** Product screenshots for docs/screenshots: the same server and browser, another test folder. */
export default defineConfig({ ...base, testDir: './screenshots' });
