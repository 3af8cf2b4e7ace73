import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { discoverTargets } from '../../src/parse/discover.js';
import { extractSkillPackage } from '../../src/parse/skill-package.js';
import { InputError } from '../../src/errors.js';
import { contextFromOptions, planFromOptions } from '../../src/pipeline/plan-from-options.js';
import { runPlanOnQueue } from '../../src/queue/submit.js';
import { cli } from '../support/cli.js';
import { tempTree } from '../support/tmp.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const tree = tempTree('pe-package-test-');
const SKILL =
  '---\nname: my-skill\ndescription: Formats release notes. Use when the user asks for release notes.\n---\n\n# My skill\n\nSee [the guide](references/guide.md).\n';
const GUIDE = '# Guide\n\nWrite one line per change.\n';

// Every package is written by Python's zipfile (as skill-creator's package_skill.py does) in one process; the hostile
// ones by writing the names, attributes and header fields that zipfile itself would not.
const BUILD = String.raw`
import json, struct, sys, zipfile
out, skill, guide = sys.argv[1], sys.argv[2], sys.argv[3]
def pack(name, entries, patch=None):
    p = f"{out}/{name}.skill"
    with zipfile.ZipFile(p, "w", zipfile.ZIP_DEFLATED) as z:
        for arc, data, *attr in entries:
            info = zipfile.ZipInfo(arc)
            info.compress_type = zipfile.ZIP_DEFLATED
            if attr: info.external_attr = attr[0] << 16
            z.writestr(info, data)
    if patch:
        b = bytearray(open(p, "rb").read()); patch(b); open(p, "wb").write(bytes(b))
good = [("my-skill/SKILL.md", skill), ("my-skill/references/guide.md", guide)]
pack("good", good)
pack("dotdot", good + [("my-skill/../evil.md", "x")])
pack("absolute", good + [("/tmp/evil.md", "x")])
pack("drive", good + [("C:/evil.md", "x")])
pack("backslash", good + [("my-skill\\..\\evil.md", "x")])
pack("symlink", good + [("my-skill/link", "/etc/passwd", 0o120777)])
pack("two-top", good + [("other/SKILL.md", skill)])
pack("top-file", good + [("README.md", "x")])
pack("nested", [("my-skill/inner/SKILL.md", skill)])
pack("duplicate", good + [("my-skill/SKILL.md", skill)])
pack("many", good + [(f"my-skill/f{i}.md", "") for i in range(2001)])
pack("ratio", good + [("my-skill/zeros.bin", b"\0" * (2 * 1024 * 1024))])
def flags(b):
    for sig, at in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
        i = b.find(sig)
        while i != -1:
            b[i + at] |= 1
            i = b.find(sig, i + 4)
pack("encrypted", good, flags)
def lie(b):
    # The last entry (big.bin) declares 100 bytes in its local and central headers; it inflates to 30 MiB.
    i = b.rfind(b"PK\x03\x04"); b[i + 22:i + 26] = struct.pack("<I", 100)
    i = b.rfind(b"PK\x01\x02"); b[i + 24:i + 28] = struct.pack("<I", 100)
pack("bomb", good + [("my-skill/big.bin", b"\0" * (30 * 1024 * 1024))], lie)
open(f"{out}/corrupt.skill", "wb").write(b"PK\x03\x04 not really a zip archive")
`;

const pkg = (name: string) => path.join(tree.root, `${name}.skill`);
const packagesLeft = () => readdirSync(os.tmpdir()).filter((n) => n.startsWith('plugin-eval-package-'));

beforeAll(() => {
  execFileSync('python3', ['-c', BUILD, tree.root, SKILL, GUIDE]);
  tree.write('folder/my-skill/SKILL.md', SKILL);
  tree.write('folder/my-skill/references/guide.md', GUIDE);
});

describe('.skill packages', () => {
  it('score reads a package as the folder it holds, with the same scores, shown as <package>!/<folder>', async () => {
    const before = packagesLeft();
    const fromPackage = await cli('score', pkg('good'), '--output', 'json', '--no-store');
    const fromFolder = await cli('score', path.join(tree.root, 'folder/my-skill'), '--output', 'json', '--no-store');
    expect(fromPackage.stderr).toBe(fromFolder.stderr);
    expect(fromPackage.code).toBe(fromFolder.code);
    const a = JSON.parse(fromPackage.stdout).results;
    const b = JSON.parse(fromFolder.stdout).results;
    expect(a[0].target.path).toBe(`${pkg('good')}!/my-skill`);
    const same = (r: unknown, shown: string) =>
      JSON.stringify(r, (k, v) => (k === 'durationMs' ? undefined : v)).replaceAll(shown, 'X');
    expect(same(a, `${pkg('good')}!/my-skill`)).toBe(same(b, path.join(tree.root, 'folder/my-skill')));
    expect(packagesLeft()).toEqual(before);
  });

  it('validate accepts a package too', async () => {
    const before = packagesLeft();
    const run = await cli('validate', pkg('good'), '--output', 'json');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('my-skill');
    expect(packagesLeft()).toEqual(before);
  });

  it('extracts into a private folder and removes it', async () => {
    const extracted = await extractSkillPackage(pkg('good'), 'good.skill');
    expect(path.basename(extracted.dir)).toBe('my-skill');
    const { statSync } = await import('node:fs');
    expect(statSync(path.dirname(extracted.dir)).mode & 0o777).toBe(0o700);
    expect(existsSync(path.join(extracted.dir, 'references/guide.md'))).toBe(true);
    extracted.remove();
    expect(existsSync(path.dirname(extracted.dir))).toBe(false);
  });

  it.each(['SIGTERM', 'SIGINT'] as const)(
    'a process stopped by %s while a package is extracted removes it, and ends by that signal',
    async (signal) => {
      const helper = pathToFileURL(path.join(ROOT, 'dist/parse/skill-package.js')).href;
      const script =
        `const { extractSkillPackage } = await import(${JSON.stringify(helper)});\n` +
        `const p = await extractSkillPackage(${JSON.stringify(pkg('good'))}, 'good.skill');\n` +
        "process.stdout.write(p.dir + '\\n');\nsetInterval(() => {}, 1 << 30);\n";
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const ended = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
      const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
      expect(existsSync(path.join(line, 'SKILL.md'))).toBe(true);
      child.kill(signal);
      const [code, by] = await ended;
      expect({ code, by }).toEqual({ code: null, by: signal });
      expect(existsSync(path.dirname(line))).toBe(false);
    },
  );

  it('queue submission refuses a package with one line naming it, before anything is extracted or sent', async () => {
    const before = packagesLeft();
    const run = runPlanOnQueue(planFromOptions([pkg('good')]), contextFromOptions(), { url: 'redis://127.0.0.1:9' });
    await expect(run).rejects.toBeInstanceOf(InputError);
    await expect(run).rejects.toThrow(
      `${pkg('good')}: a .skill package cannot be sent to the queue (workers read each target from their own disk`,
    );
    expect(packagesLeft()).toEqual(before);
  });

  it.each([
    ['dotdot', /entry "my-skill\/\.\.\/evil\.md"|invalid relative path: my-skill\/\.\.\/evil\.md/],
    ['absolute', /absolute path: \/tmp\/evil\.md/],
    ['drive', /absolute path: C:\/evil\.md/],
    ['backslash', /invalid characters in fileName: my-skill\\\.\.\\evil\.md/],
    ['symlink', /entry "my-skill\/link": symbolic links are not followed/],
    ['two-top', /entry "other\/SKILL\.md": a second top-level folder/],
    ['top-file', /entry "README\.md": a file outside the skill folder/],
    ['nested', /no SKILL\.md at <folder>\/SKILL\.md \(looked in "my-skill"\)/],
    ['duplicate', /entry "my-skill\/SKILL\.md": a second entry of the same name/],
    ['many', /2003 entries, more than the 2000 allowed/],
    ['ratio', /entry "my-skill\/zeros\.bin": compressed more than 200 to 1/],
    ['encrypted', /entry "my-skill\/SKILL\.md": encrypted entries are not read/],
    ['bomb', /my-skill\/big\.bin/],
    ['corrupt', /not a readable zip archive/],
  ])('refuses %s with one line naming the package, and leaves nothing behind', async (name, message) => {
    const before = packagesLeft();
    await expect(discoverTargets([pkg(name)])).rejects.toThrow(message);
    await expect(discoverTargets([pkg(name)])).rejects.toThrow(`${pkg(name)}: `);
    expect(packagesLeft()).toEqual(before);
  });

  it('a refused package is bad input: exit 2 with the package named, no stack trace', async () => {
    const run = await cli('score', pkg('bomb'));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${pkg('bomb')}: entry "my-skill/big.bin"`);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
