/** server/build.mjs: bundles the server into `out` and returns the path of its entry (server.mjs). */
export function bundleServer(out: string): Promise<string>;
