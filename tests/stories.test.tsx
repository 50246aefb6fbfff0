/**
 * Runs every story's play function inside vitest (jsdom), with the project's preview annotations.
 * Stories jsdom cannot draw (WebGL maps, deck.gl) carry the tag 'skip-jsdom' and are listed as skipped.
 */
import { composeStories } from '@storybook/react-vite';
import { describe, it } from 'vitest';

type StoryModule = Parameters<typeof composeStories>[0];
type RunnableStory = { run: () => Promise<void>; tags?: string[] };
const modules = import.meta.glob<StoryModule>('../src/views/**/*.stories.tsx', { eager: true });

for (const [file, module] of Object.entries(modules)) {
  describe(file.replace('../src/views/', ''), () => {
    for (const [name, Story] of Object.entries(composeStories(module)) as [string, RunnableStory][]) {
      const run = Story.tags?.includes('skip-jsdom') ? it.skip : it;
      // Play functions type and wait like a user; 15 s leaves room on a busy machine.
      run(name, async () => {
        await Story.run();
      }, 15_000);
    }
  });
}
