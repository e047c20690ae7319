// The API's import structure, checked by `npm run lint` (docs/decisions.md, «API modules talk through
// their public files»). The web's feature boundaries are Biome's noRestrictedImports (biome.json).
const MODULE = '^apps/api/src/modules/([^/]+)/';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import cycle, type-only imports included. Pass the dependency in (see the job handlers in app.ts) or move the shared piece down.',
      from: { path: '^apps/api/' },
      to: { circular: true },
    },
    {
      name: 'lower-layers-import-no-module',
      severity: 'error',
      comment: 'lib/, db/, jobs/ and config are below the modules: they never import one (app.ts wires modules in).',
      from: { path: '^apps/api/src/(lib|db|jobs)/|^apps/api/src/config\\.ts$', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/api/src/modules/' },
    },
    {
      name: 'module-routes-are-mounted-by-app',
      severity: 'error',
      comment: "A module's *.routes.ts is its HTTP door, mounted by app.ts alone; another module calls its service.",
      from: { path: MODULE, pathNot: '\\.test\\.ts$' },
      to: { path: `${MODULE}.*\\.routes\\.ts$`, pathNot: '^apps/api/src/modules/$1/' },
    },
    {
      name: 'module-public-files-only',
      severity: 'error',
      comment:
        "Another module is reached through its top-level files only (modules/<area>/*.ts); a sub-area's folder " +
        '(resume/search/, resume/import/ …) is private except its <sub>.service.ts.',
      from: { path: MODULE, pathNot: '\\.test\\.ts$' },
      to: {
        path: `${MODULE}[^/]+/`,
        pathNot: [
          '^apps/api/src/modules/$1/',
          `${MODULE}([^/]+)/\\2\\.service\\.ts$`,
        ],
      },
    },
    {
      name: 'policies-stay-pure',
      severity: 'error',
      comment: 'A *.policy.ts holds pure can… functions: no services, routes, context, database client, queue or plugins.',
      from: { path: '\\.policy\\.ts$' },
      to: {
        path: [
          '\\.(service|routes)\\.ts$',
          '^apps/api/src/(context|app)\\.ts$',
          '^apps/api/src/db/client\\.ts$',
          '^apps/api/src/lib/queue\\.ts$',
          '^apps/api/src/plugins/',
        ],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/', '/data/'] },
    // Type-only imports count: a cycle of types is still a tangle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: require('node:path').join(__dirname, 'apps/api/tsconfig.json') },
  },
};
