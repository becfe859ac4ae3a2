// ts-jest in ESM mode; run through `npm test`, which starts node with --experimental-vm-modules.
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json' }]
  },
  // Suites live under __tests__/ only; testkit/ (fakes and servers, also used by bench/ and
  // scripts/) holds no tests.
  roots: ['<rootDir>/__tests__'],
  testMatch: ['<rootDir>/__tests__/**/*.test.ts'],
  testTimeout: 60000,
  // Git-heavy suites spawn many processes; two workers fit a 2-core machine.
  maxWorkers: 2
}
