// Plugins of `npm run mutation` (stryker.config.mjs). The test runner 'vitest-machines' is Stryker's vitest runner with
// one change: a mutant that makes a
// test file fail to load (a machine that throws when it is created, a model whose generated paths no longer match
// its states) is killed. Stryker's runner counts only the tests that ran, so such a file — no test ran, `vitest run`
// fails — would count as a surviving mutant.
import { strykerPlugins as vitestPlugins } from '@stryker-mutator/vitest-runner';
import { declareClassPlugin, declareFactoryPlugin, PluginKind, tokens, commonTokens } from '@stryker-mutator/api/plugin';
import { MutantRunStatus } from '@stryker-mutator/api/test-runner';

const vitestFactory = vitestPlugins.find((p) => p.name === 'vitest').factory;

/** Files of the last run that failed without any of their tests running, with their errors. */
function filesThatDidNotLoad(runner) {
  const collect = (task) => (task.type === 'test' ? [task] : (task.tasks ?? []).flatMap(collect));
  return runner.ctx.state
    .getFiles()
    .filter((f) => f.result?.state === 'fail' && !collect(f).some((t) => t.result))
    .map((f) => `${f.name}: ${(f.result.errors ?? []).map((e) => e.message).join('; ') || 'failed to load'}`);
}

function createRunner(injector) {
  const runner = vitestFactory(injector);
  const mutantRun = runner.mutantRun.bind(runner);
  runner.mutantRun = async (options) => {
    const result = await mutantRun(options);
    if (result.status !== MutantRunStatus.Survived) return result;
    const failed = filesThatDidNotLoad(runner);
    return failed.length ? { status: MutantRunStatus.Killed, killedBy: [], failureMessage: `Test file failed to load: ${failed.join(' | ')}`, nrOfTests: result.nrOfTests } : result;
  };
  return runner;
}
createRunner.inject = tokens(commonTokens.injector);

/**
 * Ignorer 'xstate-types': the `types` of `setup({ types: … })` are for TypeScript only (xstate's setup() drops them at
 * run time), so no test can tell a mutant of them from the machine.
 */
class XstateTypes {
  shouldIgnore(path) {
    const prop = path.parentPath;
    if (!prop?.isObjectProperty() || prop.node.value !== path.node || prop.node.key.name !== 'types') return undefined;
    const call = prop.parentPath?.parentPath;
    return call?.isCallExpression() && call.node.callee.name === 'setup' ? "setup()'s `types` are for TypeScript only" : undefined;
  }
}

export const strykerPlugins = [
  declareFactoryPlugin(PluginKind.TestRunner, 'vitest-machines', createRunner),
  declareClassPlugin(PluginKind.Ignore, 'xstate-types', XstateTypes),
];
