// Mutation testing of the pure core (`npm run mutate`; not part of CI: it takes minutes per
// file on two shared cores). Run one file at a time:
//   npm run mutate -- --mutate src/core/planRecovery.ts
// Jest runs in ESM mode, as `npm test` does, and only the test files that import the mutated
// file (directly or through other modules) are run for it. Only the pure suites take part: a
// suite that spawns git or the bundled action costs seconds to minutes per mutant (and the
// bundle in dist/ is never mutated), so the core must be held by its own tests. New pure
// suites of the core go in __tests__/core/.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'jest',
  testRunnerNodeArgs: ['--experimental-vm-modules'],
  jest: {
    projectType: 'custom',
    configFile: 'jest.config.js',
    enableFindRelatedTests: true,
    config: {
      testMatch: [
        '<rootDir>/__tests__/core/**/*.test.ts',
        '<rootDir>/__tests__/{transition,reconstruct,planRecovery,ledgerProperties,dispatchKey}.test.ts'
      ]
    }
  },
  mutate: ['src/core/**/*.ts'],
  coverageAnalysis: 'perTest',
  // Two cores shared by everyone: one test process unless told otherwise.
  concurrency: 1,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  timeoutMS: 10000
}
