import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Each feature folder of the web app stands alone: it may use components/, lib/ and contract/, never another feature.
const features = readdirSync(new URL('./web/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = features.map((name) => ({
  target: `./web/features/${name}`,
  from: './web/features',
  except: [`./${name}`],
  message: 'Feature folders do not import each other: move what both need to web/components or web/lib.',
}));

// Each server module stands alone (decision 0037): another module is reached only through its public file,
// `<module>/<module>.service.ts`, which says what the module offers. The composition root (server/services.ts,
// server/app.ts) puts the modules together.
const serverModules = readdirSync(new URL('./server/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const moduleZones = serverModules.flatMap((name) =>
  serverModules
    .filter((other) => other !== name)
    .map((other) => ({
      target: `./server/modules/${name}`,
      from: `./server/modules/${other}`,
      except: [`./${other}.service.ts`],
      message: `A server module reaches another only through its public file (server/modules/${other}/${other}.service.ts); see docs/decisions/0037.`,
    })),
);

export default tseslint.config(
  {
    ignores: ['build/**', 'node_modules/**', '.react-router/**', 'bench/**', 'data/**', 'scripts/**', '*.config.*', 'eslint.config.js', 'scratch/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/ignore': ['node_modules'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'import-x/no-cycle': 'error',
      // Imports flow one way: web -> contract; server routes -> services -> db/lib. See docs/decisions/0004.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './contract', from: ['./server', './web'], message: 'contract/ is shared and imports neither side.' },
            {
              target: './web',
              from: './server',
              except: ['./services.ts', './page/kept-context.ts'],
              message: 'The web app reaches the server only through load context types (and the kept loaders’ context, server/page/kept-context.ts).',
            },
            { target: './server/lib', from: ['./server/modules', './web'], message: 'lib/ is below the business areas.' },
            { target: './web/components', from: ['./web/features', './web/routes'], message: 'Components are below the features: they import none.' },
            { target: './web/lib', from: ['./web/features', './web/routes'], message: 'web/lib is below the features and routes.' },
            ...featureZones,
            { target: './server/db', from: ['./server/modules', './web'], message: 'db/ is below the business areas.' },
            ...moduleZones,
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The page layer and the composition root are read in one sitting: no function over 150 lines (decision 0056).
    files: ['server/page/**/*.ts', 'server/app.ts', 'server/services.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['**/*.test.ts', 'tests/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
);
