/**
 * The import boundaries of docs/architecture.md, kept by `npm run lint`. Type-only imports
 * count (tsPreCompilationDeps): a circle of types is still a circle to a reader.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'Imports flow one way; no file reaches itself again through its imports.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-feature-to-feature',
      comment: 'A web feature never imports another feature; app/ composes them.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-layer-to-feature',
      comment: 'lib/ and components/ serve every feature and never import one.',
      severity: 'error',
      from: { path: '^apps/web/src/(lib|components)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-storefront-to-console',
      comment:
        'The staff console is its own bundle (decision 045): nothing of the storefront imports it, so none of it reaches a buyer.',
      severity: 'error',
      from: { path: '^apps/web/src/', pathNot: '^apps/web/src/admin/' },
      to: { path: '^apps/web/src/admin/' },
    },
    {
      name: 'web-console-to-storefront-app',
      comment:
        "The console uses the shared lib/ and components/, never the storefront's features or app.",
      severity: 'error',
      from: { path: '^apps/web/src/admin/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-console-feature-to-feature',
      comment: "A console feature never imports another; the console's app/ composes them.",
      severity: 'error',
      from: { path: '^apps/web/src/admin/features/([^/]+)/' },
      to: {
        path: '^apps/web/src/admin/features/',
        pathNot: '^apps/web/src/admin/features/$1/',
      },
    },
    {
      name: 'web-console-shared-layer-to-feature',
      comment: "The console's lib/ and components/ serve its features and never import one.",
      severity: 'error',
      from: { path: '^apps/web/src/admin/(lib|components)/' },
      to: { path: '^apps/web/src/admin/(features|app)/' },
    },
    {
      name: 'module-to-app',
      comment: 'A server module never imports the app that assembles it.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/' },
      to: { path: '^apps/server/src/(app|main)\\.ts$' },
    },
    {
      name: 'module-to-module-internals',
      comment: "A module calls another's exported service, never its routes or wiring.",
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/[^/]+/(routes|module)\\.ts$',
        pathNot: '^apps/server/src/modules/$1/',
      },
    },
    {
      name: 'lib-to-module',
      comment: 'The server lib/ holds tools any module could use; it never imports a module.',
      severity: 'error',
      from: { path: '^apps/server/src/lib/' },
      to: { path: '^apps/server/src/(modules/|app\\.ts|main\\.ts)' },
    },
    {
      name: 'shared-to-apps',
      comment: 'packages/shared is used by both apps and imports neither.',
      severity: 'error',
      from: { path: '^packages/shared/' },
      to: { path: '^(apps|bench|e2e)/' },
    },
    {
      name: 'web-to-server',
      comment: 'The browser app reaches the server through the API, never its code.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|dist-ssr|data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
  },
};
