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
  { target: `${src}/modules/**`, from: [`${src}/flows/**`, `${src}/demo/**`, `${src}/services.ts`, `${src}/app.ts`], message: 'Modules sit below flows and the app: they never import them.' },
  { target: `${src}/flows/**`, from: `${src}/demo/**`, message: 'The demo drives the flows as a shop would: flows never import it.' },
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
  discounts: ['discountCodes'],
  newsletter: ['newsletterSubscribers'],
  notifications: ['otpCodes', 'outboxMessages'],
  orders: ['orders', 'orderLines', 'orderDispatches', 'orderEvents', 'orderNumberSeries'],
  payments: ['payments', 'webhookEvents', 'refunds', 'refundLines'],
  returns: ['returnRequests', 'returnLines', 'returnImages'],
  couriers: ['couriers'],
  staff: ['staff', 'staffRecoveryCodes', 'staffTokens', 'staffLoginChallenges', 'staffInvitations'],
  stores: ['stores', 'storeDomains'],
  wishlist: ['wishlistItems'],
  // The shared limiter (lib/rate-limit.ts): auth's sign-in limits and the forms' limits count in it.
  lib: ['rateLimitBuckets'],
};
const schemaDir = 'packages/db/src/schema';
/** Each table's name in the schema's code and in SQL: `orderLines` -> `order_lines`. */
const sqlNameOf = Object.fromEntries(readdirSync(schemaDir).filter((f) => f.endsWith('.ts')).flatMap((f) =>
  [...readFileSync(`${schemaDir}/${f}`, 'utf8').matchAll(/^export const (\w+) = (?:pgTable|attributeTable)\(\s*'(\w+)'/gm)].map((m) => [m[1], m[2]])));
const tables = Object.keys(sqlNameOf);
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
/**
 * The same ownership for SQL written as text: a `sql` template of one owner's files may name its own
 * tables only (a join to another module's table is a call to that module's service instead).
 */
const sqlOwnership = {
  meta: { type: 'problem', schema: [{ type: 'object', properties: { owner: { type: 'string' } } }] },
  create(context) {
    const owner = context.options[0]?.owner;
    const others = tables.filter((t) => !(TABLE_OWNERS[owner] ?? []).includes(t)).map((t) => sqlNameOf[t]);
    const named = new RegExp(`\\b(${others.join('|')})\\b`, 'i');
    const isSqlTag = (tag) => (tag.type === 'Identifier' && tag.name === 'sql') || (tag.type === 'MemberExpression' && tag.object.type === 'Identifier' && tag.object.name === 'sql');
    return {
      TaggedTemplateExpression(node) {
        if (!isSqlTag(node.tag)) return;
        const match = named.exec(node.quasi.quasis.map((q) => q.value.cooked ?? q.value.raw).join(' '));
        if (match) {
          context.report({ node, message: owner === 'above'
            ? `Flows, plugins and the app write no SQL on "${match[1]}": call the owning module's service.`
            : `This SQL names "${match[1]}", another module's table (TABLE_OWNERS in eslint.config.js): ask that module's service.` });
        }
      },
    };
  },
};
const ownSql = (owner, files) => ({ files, plugins: { gemstore: { rules: { 'sql-owns-tables': sqlOwnership } } }, rules: { 'gemstore/sql-owns-tables': ['error', { owner }] } });
const tableOwnership = [
  ...modules.flatMap((m) => [onlyOwnTables(m, [`${src}/modules/${m}/**/*.ts`]), ownSql(m, [`${src}/modules/${m}/**/*.ts`])]),
  onlyOwnTables('lib', [`${src}/lib/**/*.ts`]), ownSql('lib', [`${src}/lib/**/*.ts`]),
  onlyOwnTables('above', [`${src}/flows/**/*.ts`, `${src}/plugins/**/*.ts`, `${src}/demo/**/*.ts`, `${src}/*.ts`]),
  ownSql('above', [`${src}/flows/**/*.ts`, `${src}/plugins/**/*.ts`, `${src}/demo/**/*.ts`, `${src}/*.ts`]),
];

// The rule takes a zone's `from` as all globs or all plain paths: give each kind its own zone.
const isGlob = (path) => /[*{]/.test(path);
const splitZones = (list) => list.flatMap((zone) => {
  const from = [zone.from].flat();
  return [from.filter(isGlob), from.filter((f) => !isGlob(f))].filter((part) => part.length).map((part) => ({ ...zone, from: part }));
});
const serverZones = splitZones(zones);

/**
 * The browser apps' boundaries, the same in both (docs/decisions/0058-admin-features-layout.md):
 * components and lib sit below the features and what composes them (the storefront's routes, the
 * back office's App); a feature's api calls and helpers are its own (another feature may use its
 * components); features never import what composes them.
 */
const featuresOf = (root) => readdirSync(`${root}/features`, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const internalsOf = (root, feature) => readdirSync(`${root}/features/${feature}`, { withFileTypes: true })
  .filter((d) => d.name !== 'components').map((d) => `${root}/features/${feature}/${d.name}${d.isDirectory() ? '/**' : ''}`);
const ownInternals = (root) => {
  const features = featuresOf(root);
  return features.flatMap((f) => features.filter((o) => o !== f).map((o) => ({
    target: `${root}/features/${f}/**`, from: internalsOf(root, o),
    message: `The ${o} feature's api calls and helpers are its own: use its components, or move what both need into lib.`,
  })));
};
const web = 'apps/web/app';
const webZones = [
  { target: [`${web}/components/**`, `${web}/lib/**`], from: [`${web}/features/**`, `${web}/routes/**`], message: 'components and lib sit below the features and routes: they import neither.' },
  { target: `${web}/features/**`, from: `${web}/routes/**`, message: 'Features never import routes: routes compose features.' },
  ...ownInternals(web),
];
const admin = 'apps/admin/src';
const adminTop = [`${admin}/App.tsx`, `${admin}/main.tsx`];
const adminZones = [
  { target: [`${admin}/components/**`, `${admin}/lib/**`], from: [`${admin}/features/**`, ...adminTop], message: 'components and lib sit below the features and the app: they import neither.' },
  { target: `${admin}/lib/**`, from: `${admin}/components/**`, message: 'lib is the base: it imports no component.' },
  { target: `${admin}/features/**`, from: adminTop, message: 'Features never import the app: App.tsx composes the features.' },
  ...ownInternals(admin),
];
const browserImports = (files, zones) => ({
  files,
  plugins: { 'import-x': importX },
  settings: {
    'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    'import-x/extensions': ['.ts', '.tsx', '.js'],
  },
  rules: {
    'import-x/no-restricted-paths': ['error', { zones: splitZones(zones) }],
    'import-x/no-cycle': ['error', { ignoreExternal: true }],
  },
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
  browserImports([`${web}/**/*.{ts,tsx}`], webZones),
  browserImports([`${admin}/**/*.{ts,tsx}`], adminZones),
  {
    // The browser apps load no schema code (decisions 0016 and 0056): contracts' main entry gives
    // them types only; values come from its zod-free entries (constants, money, format, urls, paths,
    // pictures, stone-fields, errors, client).
    files: [`${web}/**/*.{ts,tsx}`, `${admin}/**/*.{ts,tsx}`],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [
        { name: '@gemstore/contracts', allowTypeImports: true, message: 'The main entry carries zod: import its types only, and values from a zod-free entry (@gemstore/contracts/constants, /stone-fields, /pictures, ...).' },
        { name: 'zod', message: 'The browser apps load no schema code: the server checks what they send.' },
      ] }],
    },
  },
  {
    files: ['**/bench/**', '**/seed/**', 'tests/**', '**/scripts/**'],
    rules: { 'no-console': 'off' },
  },
);
