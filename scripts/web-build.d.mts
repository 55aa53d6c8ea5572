/** See web-build.mjs. */
export function buildWebClient(options: { root: string; outDir?: string; env?: NodeJS.ProcessEnv }): number;
export function buildOperatorConsole(options: {
  root: string;
  outDir?: string;
  env?: NodeJS.ProcessEnv;
}): number;
export function clientBuildIsFresh(root: string, app: string): boolean;
