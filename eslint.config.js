import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { importBoundaries } from './scripts/eslint/import-boundaries.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/.vite/**', 'apps/server/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { piranha: { rules: { 'import-boundaries': importBoundaries } } },
    rules: {
      'piranha/import-boundaries': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
      // esbuild keeps a namespace whole once it is exported, zod's every locale included (decision 103): zod's
      // namespace is imported as one (`import * as z from 'zod/mini'`) and never re-exported.
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value=/^zod($|[/]mini$)/] > ImportSpecifier[imported.name='z']",
          message: "import * as z from 'zod/mini' (decision 103)",
        },
        { selector: "ExportSpecifier[local.name='z']", message: 'Export no zod namespace: each module imports it (decision 103)' },
      ],
    },
  },
  {
    // Tests read JSON answers whose shape they are checking; typing every probe would only restate the assertions.
    files: ['**/*.test.ts', '**/*.test.tsx', 'apps/server/test/**/*.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
