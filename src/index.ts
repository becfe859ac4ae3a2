/**
 * The bundle's library entry: `npm run bundle` builds it into dist/index.js, and writes one
 * small dist/<command>.js per action that imports it and runs its own command.
 */
export { run } from './main.js'
