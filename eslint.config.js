import { readdirSync, readFileSync } from 'node:fs';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

/**
 * The server's import boundaries (docs/decisions/0016-server-shape.md): routes -> services ->
 * repositories inside a module; a module's repository and routes are its own; flows sit above the
 * modules and nothing below imports them; lib imports no module.
 */
const src = 'apps/server/src';
const modules = readdirSync(`${src}/modules`, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const zones = [
  ...modules.map((m) => ({
    target: [...modules.filter((o) => o !== m).map((o) => `${src}/modules/${o}/**`), `${src}/flows/**`, `${src}/lib/**`, `${src}/plugins/**`, `${src}/services.ts`],
    from: [`${src}/modules/${m}/*.repo.ts`, `${src}/modules/${m}/*.routes.ts`],
    message: `Only the ${m} module reads its repository and registers its routes: call its service instead.`,
  })),
  { target: `${src}/modules/**`, from: [`${src}/flows/**`, `${src}/services.ts`, `${src}/app.ts`], message: 'Modules sit below flows and the app: they never import them.' },
  { target: `${src}/lib/**`, from: [`${src}/modules/**`, `${src}/flows/**`, `${src}/plugins/**`, `${src}/services.ts`, `${src}/app.ts`], message: 'lib is below everything: it imports no module, flow or plugin.' },
  { target: `${src}/modules/*/*.repo.ts`, from: [`${src}/modules/*/*.service.ts`, `${src}/modules/*/*.routes.ts`], message: 'A repository does not import services or routes.' },
  { target: `${src}/modules/*/*.service.ts`, from: `${src}/modules/*/*.routes.ts`, message: 'A service does not import routes.' },
  { target: `${src}/flows/**`, from: `${src}/modules/*/*.routes.ts`, message: 'Flows call services, not routes.' },
];
/**
 * Which module owns each table (docs/architecture.md: a module's tables are read and written by that
 * module alone). Every table the schema exports must be listed: a new table names its owner here.
 */
const TABLE_OWNERS = {
  addresses: ['addresses'],
  audit: ['auditLog'],
  auth: ['authTokens', 'passwordResetTokens'],
  cart: ['cartLines'],
  catalog: ['productCategories', 'products', 'rattis', 'items', 'grades', 'colors', 'clarities', 'shapes', 'origins'],
  content: ['pageCategories', 'pages', 'postCategories', 'posts', 'postCategoryLinks'],
  customers: ['customers'],
  enquiries: ['enquiries', 'enquiryReplies'],
  imports: ['importJobs'],
  invoices: ['invoices', 'invoiceSeries', 'creditNotes', 'creditNoteSeries'],
  newsletter: ['newsletterSubscribers'],
  notifications: ['otpCodes', 'outboxMessages'],
  orders: ['orders', 'orderLines', 'orderDispatches', 'orderEvents', 'orderNumberSeries'],
  payments: ['payments', 'webhookEvents', 'refunds', 'refundLines'],
  returns: ['returnRequests', 'returnLines', 'returnImages'],
  staff: ['staff', 'staffRecoveryCodes', 'staffTokens', 'staffLoginChallenges', 'staffInvitations'],
  stores: ['stores', 'storeDomains'],
  wishlist: ['wishlistItems'],
  // The shared limiter (lib/rate-limit.ts): auth's sign-in limits and the forms' limits count in it.
  lib: ['rateLimitBuckets'],
};
const schemaDir = 'packages/db/src/schema';
const tables = readdirSync(schemaDir).filter((f) => f.endsWith('.ts')).flatMap((f) =>
  [...readFileSync(`${schemaDir}/${f}`, 'utf8').matchAll(/^export const (\w+) = (?:pgTable|attributeTable)\(/gm)].map((m) => m[1]));
const owned = Object.values(TABLE_OWNERS).flat();
const unowned = tables.filter((t) => !owned.includes(t));
if (unowned.length) throw new Error(`eslint.config.js: give each table an owning module in TABLE_OWNERS: ${unowned.join(', ')}`);
/** no-restricted-imports of every table but `mine` from @gemstore/db, for the files of one owner. */
const onlyOwnTables = (owner, files) => ({
  files,
  rules: {
    '@typescript-eslint/no-restricted-imports': ['error', { paths: [{
      name: '@gemstore/db',
      // A row's type reads nothing.
      allowTypeImports: true,
      importNames: tables.filter((t) => !(TABLE_OWNERS[owner] ?? []).includes(t)),
      message: owner === 'above'
        ? 'Flows, plugins and the app read no table: they call the owning module\'s service.'
        : `This table belongs to another module (TABLE_OWNERS in eslint.config.js): call its service.`,
    }] }],
  },
});
const tableOwnership = [
  ...modules.map((m) => onlyOwnTables(m, [`${src}/modules/${m}/**/*.ts`])),
  onlyOwnTables('lib', [`${src}/lib/**/*.ts`]),
  onlyOwnTables('above', [`${src}/flows/**/*.ts`, `${src}/plugins/**/*.ts`, `${src}/*.ts`]),
];

// The rule takes a zone's `from` as all globs or all plain paths: give each kind its own zone.
const isGlob = (path) => /[*{]/.test(path);
const serverZones = zones.flatMap((zone) => {
  const from = [zone.from].flat();
  return [from.filter(isGlob), from.filter((f) => !isGlob(f))].filter((part) => part.length).map((part) => ({ ...zone, from: part }));
});

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/build/**', '**/dist/**', '**/.react-router/**', 'data/**', 'packages/db/migrations/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: [`${src}/**/*.ts`],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/extensions': ['.ts', '.js'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: serverZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  ...tableOwnership,
  {
    files: ['**/bench/**', '**/seed/**', 'tests/**', '**/scripts/**'],
    rules: { 'no-console': 'off' },
  },
);
