/**
 * The path-narrowing helpers now live in the model harness (tests/support/modelHarness.tsx). This re-export
 * remains only for tests/model/alertsList.model.test.tsx, which is being rewritten elsewhere; delete this file
 * once nothing imports it.
 */
export { coveringPaths, features, leafPaths } from './modelHarness';
