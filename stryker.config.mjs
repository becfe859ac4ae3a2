// Mutation testing of the pure core (`npm run mutate`; not part of CI: it takes minutes per
// file on two shared cores). Run one file at a time:
//   npm run mutate -- --mutate src/core/planRecovery.ts
// Jest runs in ESM mode, as `npm test` does, and only the test files that import the mutated
// file (directly or through other modules) are run for it. Only the pure suites take part: a
// suite that spawns git or the bundled action costs seconds to minutes per mutant (and the
// bundle in dist/ is never mutated), so the core must be held by its own tests: every pure
// suite of the core is under __tests__/core/, and only those take part. Two files outside the
// core decide what a write may replace or drop, the bucket view and the write plan; they are
// mutated too, held by their table tests over an in-memory object store (no git), the only
// suites outside __tests__/core/ that take part:
//   npm run mutate -- --mutate src/store/index/writePlan.ts
// A file that is mostly module-level schemas (record.ts) has static mutants, which rerun every
// related suite; MUTATE_TESTS narrows the suites, by path under __tests__/ without .test.ts:
//   MUTATE_TESTS=core/recordSchema npm run mutate -- --mutate src/core/record.ts
const only = (process.env.MUTATE_TESTS ?? '').split(',').filter(Boolean)
const PURE_SUITES = [
  '<rootDir>/__tests__/core/**/*.test.ts',
  '<rootDir>/__tests__/store/bucketView.test.ts',
  '<rootDir>/__tests__/store/writePlan.test.ts'
]

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
      testMatch:
        only.length > 0 ? only.map(name => `<rootDir>/__tests__/${name}.test.ts`) : PURE_SUITES
    }
  },
  mutate: ['src/core/**/*.ts', 'src/store/index/bucket.ts', 'src/store/index/writePlan.ts'],
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
