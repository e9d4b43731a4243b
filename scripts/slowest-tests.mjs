// Prints, for each test report in a folder (vitest's and Playwright's JSON reporters, as .ci/run writes them), the
// number of files and tests and the ten slowest files: where CI's minutes go (issue 39).
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? process.env.TEST_REPORT_DIR;
if (!dir || !fs.existsSync(dir)) {
  console.error('usage: node scripts/slowest-tests.mjs <folder of JSON test reports>');
  process.exit(2);
}
const root = path.resolve(import.meta.dirname, '..');
const relative = (file) => path.relative(root, path.resolve(root, file));

/** vitest: one entry per file, with its tests' outcomes; the time is from the file's first test to its last. */
function vitestFiles(report) {
  return report.testResults.map((file) => ({
    file: relative(file.name),
    seconds: (file.endTime - file.startTime) / 1000,
    tests: file.assertionResults.length,
    failed: file.assertionResults.filter((test) => test.status === 'failed').length,
  }));
}

/** Playwright: specs nested in suites; a file's time is the sum of its tests' runs (retries included). */
function playwrightFiles(report) {
  const files = new Map();
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      const entry = files.get(spec.file) ?? {
        file: relative(path.join('e2e/specs', spec.file)),
        seconds: 0,
        tests: 0,
        failed: 0,
      };
      for (const test of spec.tests) {
        entry.tests += 1;
        if (test.status === 'unexpected') entry.failed += 1;
        for (const result of test.results) entry.seconds += result.duration / 1000;
      }
      files.set(spec.file, entry);
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites) visit(suite);
  return [...files.values()];
}

for (const name of fs
  .readdirSync(dir)
  .filter((file) => file.endsWith('.json'))
  .sort()) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
  const files = Array.isArray(report.testResults) ? vitestFiles(report) : playwrightFiles(report);
  const tests = files.reduce((sum, file) => sum + file.tests, 0);
  const failed = files.reduce((sum, file) => sum + file.failed, 0);
  const seconds = files.reduce((sum, file) => sum + file.seconds, 0);
  console.info(
    `\n${name.replace(/\.json$/, '')}: ${files.length} files, ${tests} tests` +
      `${failed ? `, ${failed} failed` : ''}, ${seconds.toFixed(0)} s of test time; the ten slowest files:`,
  );
  for (const file of files.sort((a, b) => b.seconds - a.seconds).slice(0, 10)) {
    console.info(`  ${file.seconds.toFixed(1).padStart(6)} s  ${String(file.tests).padStart(4)} tests  ${file.file}`);
  }
}
