/**
 * The yardstick: a bare React 19 + React Router app with a sign-in form and nothing else, built with the
 * project's own Vite and React plugin into .tmp/ (inside the repository so it resolves the same
 * node_modules), given the same compressed copies as the app's build (scripts/precompress.ts) and served
 * by the same server, so both columns of the table differ only in the app.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { precompressDist } from '../../../scripts/precompress.ts';

const files: Record<string, string> = {
  'index.html': `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Baseline</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/main.tsx"></script>
  </body>
</html>
`,
  'main.tsx': `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import './style.css';

function SignIn() {
  return (
    <main>
      <h1>Sign in</h1>
      <p>Sign in to your account to see your portfolios, bots, positions and orders.</p>
      <form onSubmit={(event) => event.preventDefault()}>
        <label>Email <input type="email" autoComplete="username" /></label>
        <label>Password <input type="password" autoComplete="current-password" /></label>
        <button type="submit">Sign in</button>
      </form>
    </main>
  );
}

const router = createBrowserRouter([
  { path: '/auth/login', element: <SignIn /> },
  { path: '*', element: <Navigate to="/auth/login" replace /> },
]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
`,
  'style.css': `body { font-family: system-ui, sans-serif; margin: 0; }
main { max-width: 24rem; margin: 2rem auto; padding: 1rem; }
form { display: flex; flex-direction: column; gap: 1rem; }
label { display: flex; flex-direction: column; gap: 0.25rem; }
`,
};

/** Builds the baseline app and returns its dist folder. */
export async function buildBaselineApp(root: string): Promise<string> {
  const appDir = join(root, '.tmp', 'bench-baseline');
  rmSync(appDir, { recursive: true, force: true });
  mkdirSync(appDir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(appDir, name), text);
  const outDir = join(appDir, 'dist');
  await build({
    configFile: false,
    root: appDir,
    logLevel: 'warn',
    plugins: [react()],
    // React's production build even when the caller runs under a test runner (vitest sets NODE_ENV=test,
    // which Vite would otherwise follow into a development build of React).
    mode: 'production',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: { outDir, emptyOutDir: true, manifest: true, target: 'es2022' },
  });
  await precompressDist(outDir);
  return outDir;
}
