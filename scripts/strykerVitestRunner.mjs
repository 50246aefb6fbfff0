// Plugins of `npm run mutation` (stryker.config.mjs). The test runner 'vitest-machines' is Stryker's vitest runner with
// two changes:
// - a mutant that makes a test file fail to load (a machine that throws when it is created, a model whose generated
//   paths no longer match its states) is killed. Stryker's runner counts only the tests that ran, so such a file — no
//   test ran, `vitest run` fails — would count as a surviving mutant;
// - the worker thread of the files that share one (project 'mutation', `isolate: false`) is kept from one mutant's run
//   to the next (keptThreads below), as vitest already keeps it from one file to the next within a run. Stryker's
//   runner calls vitest once per mutant, and vitest ends its workers at the end of every run: each mutant paid a new
//   thread, loading jsdom (~2 s) and the packages of the setup file (~1 s) again, for tests that take a fraction of
//   a second. What a mutant's run sees is what a file sees within one run today: the same jsdom, the packages in
//   node_modules loaded once, the app's modules — the mutated machine among them — loaded fresh for every file
//   (tests/setup.ts resets the module registry; Stryker's own setup file has switched the mutant on by then).
import { strykerPlugins as vitestPlugins } from '@stryker-mutator/vitest-runner';
import { ThreadsPoolWorker } from 'vitest/node';
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

/**
 * A vitest pool worker ('kept-threads') that keeps its thread, and the environment set up in it, across runs. Vitest
 * sends 'start' to every new pool runner and 'stop' at the end of every run; for a thread already started the start is
 * answered here ('started') and the stop too ('stopped') without ending the thread. A stop while the thread is still
 * running a file (a run cancelled from outside) does end it: the next run starts a new one. Each run carries the
 * project's config of that run (below): without it the thread kept the config it started with, and a mutant run
 * after the first ran the test names of the first (seen on changePassword: static mutants ran 1 test and survived).
 */
let kept; // { thread: ThreadsPoolWorker, key, busy }
class KeptThreadsWorker {
  name = 'kept-threads';
  constructor(options) {
    this.options = options;
    this.key = JSON.stringify([options.project.name, options.environment, options.execArgv]);
    this.listeners = [];
  }
  get thread() {
    return kept.thread;
  }
  on(event, callback) {
    this.listeners.push([event, callback]);
    this.thread.on(event, callback);
  }
  off(event, callback) {
    this.listeners = this.listeners.filter(([e, c]) => e !== event || c !== callback);
    this.thread.off(event, callback);
  }
  /** Answer as the thread would, to this runner's listeners only. */
  answer(type) {
    setImmediate(() => this.listeners.filter(([e]) => e === 'message').forEach(([, c]) => c({ type, __vitest_worker_response__: true })));
  }
  send(message) {
    if (message.type === 'start' && kept.started) return this.answer('started');
    if (message.type === 'stop' && !kept.busy) return this.answer('stopped');
    if (message.type === 'start') kept.started = true;
    if (message.type === 'run' || message.type === 'collect') {
      kept.busy = true;
      // The thread took the project's config when it started (the first run's); a run's own config (Stryker sets the
      // test name pattern of the tests that cover the mutant before each run) goes with the run, which the worker
      // prefers to the one it started with (the run's context is spread over the start's).
      message = { ...message, context: { ...message.context, config: this.options.project.serializedConfig } };
    }
    this.thread.send(message);
  }
  deserialize(data) {
    if (data?.__vitest_worker_response__ && data.type === 'testfileFinished') kept.busy = false;
    return data;
  }
  async start() {
    if (kept && (kept.key !== this.key || kept.ended)) await endKeptThread();
    if (!kept) {
      kept = { thread: new ThreadsPoolWorker(this.options), key: this.key, busy: false, started: false };
      await kept.thread.start();
    }
  }
  async stop() {
    for (const [event, callback] of this.listeners) this.thread.off(event, callback);
    this.listeners = [];
    if (kept.busy) await endKeptThread();
  }
}
async function endKeptThread() {
  const k = kept;
  kept = undefined;
  if (k) await k.thread.stop().catch(() => {});
}

function createRunner(injector) {
  const runner = vitestFactory(injector);
  const init = runner.init.bind(runner);
  runner.init = async () => {
    await init();
    const shared = runner.ctx.projects.find((p) => p.config.isolate === false);
    if (shared) {
      shared.config.pool = 'kept-threads';
      shared.config.poolRunner = { name: 'kept-threads', createPoolWorker: (options) => new KeptThreadsWorker(options) };
    }
    // Bail (Stryker stops a mutant's run at its first failing test): the worker skips the rest of its tests itself and
    // tells vitest, which would then cancel the run by ending the worker. The skipping is enough; let the thread live.
    const cancel = runner.ctx.cancelCurrentRun.bind(runner.ctx);
    runner.ctx.cancelCurrentRun = (reason) => (reason === 'test-failure' ? Promise.resolve() : cancel(reason));
  };
  const dispose = runner.dispose.bind(runner);
  runner.dispose = async () => {
    await endKeptThread();
    await dispose();
  };
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
