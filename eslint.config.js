// Lint rules for the whole repository: typescript-eslint's recommended set, the rules of hooks, and the
// one-way imports of CONVENTIONS.md (routes → features → shared; features don't import each other).
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import importPlugin from 'eslint-plugin-import'
import pluginQuery from '@tanstack/eslint-plugin-query'
import globals from 'globals'
import { readdirSync } from 'node:fs'

const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

/**
 * Features shared by the whole app, which any feature may import. The session is app-wide state
 * (bulletproof-react keeps it in lib/auth); it stays in features/auth until that feature's work settles.
 */
const SHARED_FEATURE_MODULES = [
  './src/features/auth/auth-context.tsx',
  './src/features/auth/use-sign-out.ts',
  './src/features/auth/use-signed-in-action.ts',
  './src/features/auth/components/admin-only.tsx',
]

/** Which folder may import which: the one-way imports of CONVENTIONS.md. */
const IMPORT_ZONES = [
  // A feature does not reach into another feature (bulletproof-react's cross-feature zones).
  ...FEATURES.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`, ...SHARED_FEATURE_MODULES.map((m) => m.replace('./src/features/', './'))],
    message: 'Features do not import each other: move what both need to src/lib, src/components or contract.',
  })),
  // Shared code does not depend on features or routes. One exception: the site header
  // (components/layout) is the app shell and shows the session and the install button.
  {
    target: ['./src/lib', './src/components', './contract'],
    from: './src/features',
    except: ['./auth/auth-context.tsx', './auth/use-sign-out.ts', './pwa/components/install-app-button.tsx'],
    message: 'Shared code (lib, components, contract) must not import features.',
  },
  {
    target: ['./src/lib', './src/components', './contract'],
    from: './src/routes',
    message: 'Shared code (lib, components, contract) must not import routes.',
  },
  // The contract is the one thing every tier shares: it imports nothing of theirs.
  {
    target: './contract',
    from: ['./src', './sw', './server'],
    message: 'The contract (zod schemas and constants shared by app, worker and server) imports only zod and itself.',
  },
  // The server shares only the contract with the app. The service worker imports the contract and,
  // from src/lib, the DOM-free queues it drains: the queue engine and the queues on it (outbox,
  // evidence-outbox, action-queue, saved-queue with saved-queue-def). The zone below keeps features,
  // routes, components and the server out of the worker.
  {
    target: './server',
    from: ['./src', './sw'],
    message: 'The server imports only the contract (@contract/*) of the web app.',
  },
  {
    target: './sw',
    from: ['./src/features', './src/routes', './src/components', './server'],
    message: 'The worker imports only the contract (@contract/*) and src/lib (the queues it drains), never features, routes, components or the server.',
  },
  { target: './src/features', from: './src/routes', message: 'Features must not import routes: routes import features.' },
  // The server: app.ts → modules (each its routes → service → queries) → db. The database layer
  // (client, tables, migrations, the change feed) holds no business rule.
  {
    target: './server/src/db',
    from: ['./server/src/modules', './server/src/plugins', './server/src/app.ts'],
    message: 'The database layer (client, tables, the change feed) imports no module or plugin.',
  },
]

const SERVER_MODULES = readdirSync(new URL('./server/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

/**
 * The server modules' boundaries. A module's public entry is its service (service.ts, or the files under
 * service/): another module imports only that, never its routes, queries or events. And a module's
 * routes do not import queries: they call the service, which owns the SQL.
 */
const MODULE_ZONES = SERVER_MODULES.flatMap((module) => [
  {
    target: `./server/src/modules/${module}`,
    from: './server/src/modules',
    except: [`./${module}`, ...SERVER_MODULES.filter((m) => m !== module).flatMap((m) => [`./${m}/service`, `./${m}/service.ts`])],
    message: 'A module imports another module only through its service (service.ts or service/): not its routes, queries or events.',
  },
  {
    target: [`./server/src/modules/${module}/routes`, `./server/src/modules/${module}/routes.ts`],
    from: [`./server/src/modules/${module}/queries`, `./server/src/modules/${module}/queries.ts`],
    message: 'Routes call their module’s service, never its queries: the SQL stays behind the service.',
  },
])

export default tseslint.config(
  {
    ignores: ['dist/', 'data/', 'coverage/', 'bench-results/', '.tmp/', 'node_modules/', 'public/', 'src/routeTree.gen.ts', 'tests/screenshots/'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  pluginQuery.configs['flat/recommended'],
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A leading underscore marks a binding kept on purpose (a parameter held for its position).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // The classic two rules. The v7 React Compiler rules (purity, refs, set-state-in-effect…) are not
      // turned on: the app is not compiled with the React Compiler.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Query keys come only from the features' key factories (`api/keys.ts`, built on lib/query-keys.ts):
    // a key typed by hand drifts from the one its invalidation or the offline copy names.
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message: 'Query keys come from the feature key factories (api/keys.ts), never a literal array.',
        },
      ],
    },
  },
  {
    // A booking's state is written only by the booking process (modules/bookings/service/process.ts: openBooking
    // writes a new booking in its opening's state; moveBooking checks the transition table, then calls the
    // guarded UPDATE). The demo seed writes its fixtures' history directly (seed/).
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/modules/bookings/service/process.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/bookings/queries/bookings', '**/queries/bookings'],
              importNames: ['guardedMove'],
              message: 'Change a booking’s state with moveBooking (modules/bookings/service/process.ts), which checks the process’s table.',
            },
          ],
        },
      ],
    },
  },
  {
    // …and a booking row is created only by openBooking, in the state its opening gives (the seed aside).
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/modules/bookings/service/process.ts', 'server/src/seed/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/bookings/queries/bookings', '**/queries/bookings'],
              importNames: ['guardedMove', 'insertBooking'],
              message: 'Open a booking with openBooking and change its state with moveBooking (modules/bookings/service/process.ts), which follow the process.',
            },
          ],
        },
      ],
    },
  },
  {
    // The payments sandbox's Stripe stand-in decodes untyped form bodies into Stripe's open-ended shapes.
    files: ['server/src/modules/payments/stand-in/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts', 'server/**/*.ts'],
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } } },
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: IMPORT_ZONES,
        },
      ],
    },
  },
  {
    // …and inside the server, the modules' boundaries (MODULE_ZONES), on every file.
    files: ['server/src/**/*.ts'],
    rules: { 'import/no-restricted-paths': ['error', { zones: [...IMPORT_ZONES, ...MODULE_ZONES] }] },
  },
  {
    files: ['sw/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.{ts,mjs,js}', 'tests/**/*.ts', '*.config.{ts,js}', 'vite.config.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Tests and benchmarks read JSON the server, the page or a query plan sends back, and load untyped
    // tools: `any` there is the honest type.
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.ts', 'server/test/**/*.ts', 'scripts/bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
)
