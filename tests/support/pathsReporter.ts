/**
 * The reporter of `npm run paths -- <machine>` (scripts/paths.mjs): each generated path with its result, grouped
 * by its describeModel block, then the totals. Filtered-out tests (other machines in the same file) are not shown.
 */
import type { Reporter, SerializedError, TestCase, TestModule } from 'vitest/node';

export default class PathsReporter implements Reporter {
  private passed = 0;
  private failed = 0;
  private block = '';

  onTestCaseResult(test: TestCase) {
    const r = test.result();
    if (r.state === 'skipped' || r.state === 'pending') return;
    const block = test.parent.type === 'suite' ? test.parent.fullName : test.module.moduleId;
    if (block !== this.block) {
      this.block = block;
      console.log(`\n${block}  (${test.module.relativeModuleId})`);
    }
    const ms = Math.round(test.diagnostic()?.duration ?? 0);
    if (r.state === 'passed') this.passed++;
    else this.failed++;
    console.log(`  ${r.state === 'passed' ? '✓ passed' : '✗ FAILED'}  ${test.name}  (${ms} ms)`);
    if (r.state === 'failed') for (const e of r.errors ?? []) console.log(`      ${(e.message ?? '').split('\n')[0]}`);
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>, errors: ReadonlyArray<SerializedError>) {
    for (const m of modules) for (const e of m.errors()) console.log(`✗ ${m.relativeModuleId} did not load: ${e.message}`);
    for (const e of errors) console.log(`✗ unhandled error: ${e.message}`);
    console.log(`\n${this.passed} passed, ${this.failed} failed`);
  }
}
