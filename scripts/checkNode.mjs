// The pre-script of every npm script that runs a TypeScript file with node. Plain JavaScript
// on purpose: it must run on any node, including one too old to load a .ts file.
//
// npm run puts node_modules/.bin first on PATH, and npm ci installs Node 24 there (the `node`
// devDependency), so `node` is Node 24 unless that install is missing. An older node would
// fail on the .ts file with ERR_UNKNOWN_FILE_EXTENSION before the script could explain;
// this says what to do instead.
const major = Number(process.versions.node.split('.')[0])
if (major < 24) {
  const lifecycle = process.env.npm_lifecycle_event ?? ''
  const script = lifecycle.replace(/^pre/, '') || 'this script'
  console.error(
    `npm run ${script} needs Node 24 or newer; this is Node ${process.versions.node} ` +
      `(${process.execPath}). The project's Node 24 is node_modules/.bin/node, which npm ci ` +
      `installs (the "node" devDependency) and npm run puts first on PATH: run npm ci, then ` +
      `npm run ${script} again. To run a script without npm, use node_modules/.bin/node, ` +
      `for example node_modules/.bin/node scripts/demo.ts.`
  )
  process.exit(1)
}
