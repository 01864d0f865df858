#!/usr/bin/env node
// Sums Vitest's JSON reports (.data/reports/<layer>.json, or the files given as arguments) into
// one closing line, `tests: N passed, M failed, K skipped`, and exits 1 when anything failed.
// A layer whose files failed to load has no failed tests but failed suites: those count as failed.
// Each failed test is named with the first line of its failure, so that the tail of a CI log
// (often all that is kept of it) says which test failed and why.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const reportDir = join(import.meta.dirname, '..', '.data', 'reports');
const files =
  process.argv.length > 2
    ? process.argv.slice(2)
    : existsSync(reportDir)
      ? readdirSync(reportDir)
          .filter((f) => f.endsWith('.json'))
          .sort()
          .map((f) => join(reportDir, f))
      : [];

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
const firstLine = (text) =>
  stripVTControlCharacters(String(text ?? ''))
    .split('\n')
    .find((line) => line.trim() !== '')
    ?.trim()
    .slice(0, 300) ?? '';
for (const file of files) {
  const layer = basename(file, '.json');
  let report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    console.log(`layer ${layer}: unreadable report (${error.message}), counted as one failure`);
    failed += 1;
    continue;
  }
  const p = report.numPassedTests ?? 0;
  let f = report.numFailedTests ?? 0;
  const s = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  if (f === 0 && report.success === false) f = Math.max(1, report.numFailedTestSuites ?? 0);
  console.log(`layer ${layer}: passed ${p}, failed ${f}, skipped ${s}`);
  for (const suite of report.testResults ?? []) {
    const file = String(suite.name ?? '').replace(`${process.cwd()}/`, '');
    const failedTests = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests)
      failures.push(`  ${layer} ${file} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    if (failedTests.length === 0 && suite.status === 'failed')
      failures.push(`  ${layer} ${file}: ${firstLine(suite.message)}`);
  }
  passed += p;
  failed += f;
  skipped += s;
}

if (failures.length > 0) console.log(`failed tests:\n${failures.join('\n')}`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exitCode = failed > 0 ? 1 : 0;
