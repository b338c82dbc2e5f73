// `npm start` (through scripts/start.mjs, which runs this from the server's bundle): builds the PWA when its
// sources changed since the last build (scripts/build-pwa.ts: any build through it counts, `npm test`'s and
// `npm run build`'s too), then starts the server. `npx tsx scripts/start.ts` runs it from the TypeScript.
import { exitWithStartupError, startServer } from '../server/main.ts';
import { isEntryPoint, repoRoot } from '../server/paths.ts';
import { buildPwa, buildReason } from './build-pwa.ts';

export async function main(): Promise<void> {
  const skipBuild = process.argv.includes('--skip-build');
  if (process.env.DIST_DIR !== undefined && process.env.DIST_DIR.trim() !== '') {
    console.log(`DIST_DIR is set: serving ${process.env.DIST_DIR} as it is (no build).`);
  } else if (skipBuild) {
    console.log('--skip-build: serving dist/ as it is.');
  } else {
    const reason = buildReason(repoRoot);
    if (reason === null) {
      console.log('The PWA build in dist/ is up to date.');
    } else {
      console.log(`Building the PWA: ${reason}. Running \`npx vite build\`…`);
      if (!(await buildPwa(repoRoot))) {
        console.error('The build failed (see above); the server was not started.');
        process.exit(1);
      }
      console.log('Build finished.');
    }
  }
  console.log('Starting the server…');
  await startServer().catch(exitWithStartupError);
}

if (isEntryPoint(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
