import { configDefaults, defineConfig } from "vitest/config";

/** Tests that read or write a store: they run once per store (projects below). */
const STORE_TESTS = [
  "test/e2e/**/*.test.ts",
  "test/store/**/*.test.ts",
  "test/cli/**/*.test.ts",
  "test/import/**/*.test.ts",
  "test/export/**/*.test.ts",
  "test/generate/**/*.test.ts",
  "test/compat/**/*.test.ts",
];
// test/browser (pages in a real Chromium) is not a store test: it runs once, in the sqlite project.
/** Tests about PostgreSQL itself: several processes on one database, moves between stores. */
const POSTGRES_ONLY = ["test/postgres/**/*.test.ts"];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    projects: [
      {
        extends: true,
        test: {
          name: "sqlite",
          include: ["test/**/*.test.ts", "src/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...POSTGRES_ONLY],
          env: { FOODBASE_TEST_STORE: "sqlite" },
        },
      },
      {
        extends: true,
        test: {
          name: "postgres",
          include: [...STORE_TESTS, ...POSTGRES_ONLY],
          env: { FOODBASE_TEST_STORE: "postgres" },
          globalSetup: ["test/helpers/postgres-setup.ts"],
        },
      },
    ],
  },
});
