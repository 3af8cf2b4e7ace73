/**
 * The full YAML parser, loaded on first need and synchronously (its CommonJS build), so skills whose frontmatter
 * the fast path (simple-yaml.ts) handles never pay for it.
 *
 * The CLI bundle replaces this module (scripts/bundle-cli.mjs, `bundledYamlPackage`) with one that requires the copy
 * of `yaml` bundled into the core chunk: resolving and compiling the package's ~70 files from node_modules cost a
 * one-skill run ~20 ms, while the bundled copy is compiled from the chunk's code cache. Both load the same package.
 */
import { createRequire } from 'node:module';
import type * as YamlModule from 'yaml';

let loaded: typeof YamlModule | undefined;

export function yamlPackage(): typeof YamlModule {
  return (loaded ??= createRequire(import.meta.url)('yaml') as typeof YamlModule);
}
