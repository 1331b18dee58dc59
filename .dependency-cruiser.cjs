// The house's import rules (CONVENTIONS.md says why each exists). `npm run lint` runs this over every source file;
// a rule broken by a new import fails CI. Imports run downward only:
//   server: entry (main, cli) → roles (app, roles, http wiring, jobs wiring) → modules (through index.ts) → kernel
//   web:    main/boot → app (composition root) → features (through index.ts) → shared → platform, components
//   both:   → packages (contracts, domain, db)
const SERVER = '^apps/server/src/';
const WEB = '^apps/web/src/';
const TESTS = '\\.test\\.tsx?$';
/** What component tests share (stand-ins, records, a render of the whole app): test code, held to no floor. */
const TEST_SUPPORT = `${WEB}test/`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'A file must not import itself back through others: move the shared piece down a layer.',
      severity: 'error',
      from: { pathNot: TESTS },
      to: { circular: true },
    },
    {
      name: 'no-folder-cycle',
      comment: 'Folders import each other one way only: a loop between folders means a piece lives on the wrong floor.',
      severity: 'error',
      scope: 'folder',
      from: { path: ['^apps/[^/]+/src/', '^packages/'] },
      to: { circular: true },
    },
    {
      name: 'packages-stay-below-apps',
      comment: 'packages/ are shared by the server and the web: they import neither.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-never-imports-server',
      severity: 'error',
      from: { path: WEB },
      to: { path: '^apps/server/' },
    },
    // ---- server -------------------------------------------------------------------------------------------------
    {
      name: 'kernel-imports-no-module',
      comment: 'The kernel is the floor every module stands on: it imports nothing of the server above it.',
      severity: 'error',
      from: { path: `${SERVER}kernel/` },
      to: { path: SERVER, pathNot: [`${SERVER}kernel/`, `${SERVER}config\\.ts$`] },
    },
    {
      name: 'module-through-index',
      comment: "A module uses another only through that module's index.ts, its public face.",
      severity: 'error',
      from: { path: `${SERVER}modules/([^/]+)/` },
      to: { path: `${SERVER}modules/[^/]+/`, pathNot: [`${SERVER}modules/$1/`, `${SERVER}modules/[^/]+/index\\.ts$`] },
    },
    {
      name: 'modules-below-roles',
      comment: 'Roles put the modules together; a module never reaches up into the wiring.',
      severity: 'error',
      from: { path: `${SERVER}(kernel|modules|idp|sync|ingest|seed|mail|providers)/`, pathNot: TESTS },
      to: { path: `${SERVER}(main|app|server|roles)\\.ts$|${SERVER}(cli|roles|http|jobs)/` },
    },
    {
      name: 'providers-below-modules',
      comment: 'A market-data provider adapts a vendor to our interfaces; it knows no module.',
      severity: 'error',
      from: { path: `${SERVER}providers/` },
      to: { path: `${SERVER}(modules|idp|sync|ingest|seed)/` },
    },
    // ---- web ----------------------------------------------------------------------------------------------------
    {
      name: 'app-is-the-root',
      comment: 'app/ is the composition root: it imports features, nothing but the entry imports it.',
      severity: 'error',
      from: { path: WEB, pathNot: [`${WEB}app/`, `${WEB}(main|boot)\\.tsx?$`, TESTS] },
      to: { path: `${WEB}app/` },
    },
    {
      name: 'shared-imports-no-feature',
      comment: 'shared/ is what many features use; it knows none of them.',
      severity: 'error',
      from: { path: `${WEB}(shared|platform|components)/` },
      to: { path: `${WEB}features/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '(^|/)dist/', '(^|/)(android|ios)/', TESTS, TEST_SUPPORT] },
    tsPreCompilationDeps: true,
    parser: 'swc',
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
  },
};
