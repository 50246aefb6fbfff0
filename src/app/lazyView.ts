import type { ComponentType } from 'react';
import { lazyRetry } from '@/shared/lazyRetry';

/** React.lazy for a named export (the route views export names, not defaults). */
export function lazyView<P extends object, K extends string>(load: () => Promise<Record<K, ComponentType<P>>>, name: K) {
  return lazyRetry(async () => ({ default: (await load())[name] }));
}
