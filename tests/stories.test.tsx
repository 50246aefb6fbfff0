/** Runs every story's play function inside vitest (jsdom), with the project's preview annotations. */
import { composeStories } from '@storybook/react-vite';
import { describe, it } from 'vitest';

type StoryModule = Parameters<typeof composeStories>[0];
type RunnableStory = { run: () => Promise<void> };
const modules = import.meta.glob<StoryModule>('../src/views/**/*.stories.tsx', { eager: true });

for (const [file, module] of Object.entries(modules)) {
  describe(file.replace('../src/views/', ''), () => {
    for (const [name, Story] of Object.entries(composeStories(module)) as [string, RunnableStory][]) {
      it(name, async () => {
        await Story.run();
      });
    }
  });
}
