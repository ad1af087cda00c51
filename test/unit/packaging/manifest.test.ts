// What package.json contributes, as a user meets it: every command grouped under the extension in the palette, with an
// icon where it sits in a title bar and listed only where it applies; every setting explained with its default; the
// walkthrough's media present.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = join(__dirname, '../../..');

interface Command {
  command: string;
  title: string;
  category?: string;
  icon?: string;
}

interface MenuItem {
  command: string;
  when?: string;
  group?: string;
}

interface Setting {
  default?: unknown;
  description?: string;
  markdownDescription?: string;
}

interface Manifest {
  icon?: string;
  contributes: {
    commands: Command[];
    menus: Record<string, MenuItem[]>;
    configuration: { properties: Record<string, Setting> };
    walkthroughs: { id: string; steps: { id: string; description: string; media: { markdown?: string; svg?: string } }[] }[];
    viewsWelcome: { view: string; contents: string }[];
  };
}

// Titles and descriptions are `%key%` placeholders resolved from package.nls.json, as VS Code shows them in English.
const nls = JSON.parse(readFileSync(join(REPO, 'package.nls.json'), 'utf8')) as Record<string, string>;
const manifest = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8'), (_key, value: unknown) =>
  typeof value === 'string' ? value.replace(/^%([\w.-]+)%$/, (placeholder, key: string) => nls[key] ?? placeholder) : value,
) as Manifest;
const { commands, menus, configuration, walkthroughs, viewsWelcome } = manifest.contributes;
const TITLE_BARS = ['view/title', 'editor/title'];

describe('package.json', () => {
  it('puts every command under the Trajectory Lens category', () => {
    expect(commands.filter((c) => c.category !== 'Trajectory Lens').map((c) => c.command)).toEqual([]);
  });

  it('gives an icon to every command shown in a title bar or inline in a view', () => {
    const shown = TITLE_BARS.flatMap((menu) => menus[menu] ?? []).filter((item) => item.group?.startsWith('navigation'));
    const inline = (menus['view/item/context'] ?? []).filter((item) => item.group?.startsWith('inline'));
    const withoutIcon = [...shown, ...inline]
      .map((item) => item.command)
      .filter((id) => commands.find((c) => c.command === id)?.icon === undefined);
    expect(withoutIcon).toEqual([]);
  });

  it('lists in the palette only what applies: commands that need a context have a when clause there', () => {
    const palette = new Map((menus.commandPalette ?? []).map((item) => [item.command, item.when]));
    const contextual = new Set([...(menus['view/item/context'] ?? []), ...(menus['editor/title'] ?? []), ...(menus['editor/title/context'] ?? [])].map((i) => i.command));
    expect([...contextual].filter((id) => !palette.get(id))).toEqual([]);
    for (const id of palette.keys()) expect(commands.map((c) => c.command)).toContain(id);
  });

  it('describes every setting and gives it a default', () => {
    const incomplete = Object.entries(configuration.properties)
      .filter(([, s]) => s.default === undefined || !(s.description ?? s.markdownDescription))
      .map(([key]) => key);
    expect(incomplete).toEqual([]);
  });

  it('has a marketplace icon and a walkthrough whose media exist, offered by the Runs view', () => {
    expect(manifest.icon && existsSync(join(REPO, manifest.icon))).toBe(true);
    const steps = walkthroughs.flatMap((w) => w.steps);
    expect(steps.map((s) => s.id)).toEqual(['openRuns', 'readMatrix', 'compare', 'label', 'export']);
    for (const step of steps) {
      const media = step.media.markdown ?? step.media.svg;
      expect(media && existsSync(join(REPO, media))).toBe(true);
      expect(step.description).toMatch(/\(command:trajectoryLens\.\w+\)/);
    }
    expect(viewsWelcome.find((w) => w.view === 'trajectoryLens.runs' && w.contents.includes('command:trajectoryLens.openWalkthrough'))).toBeDefined();
  });
});
