/** Where the corpus lives. No zod here: the settings table imports it before anything heavy loads. */
import os from 'node:os';
import path from 'node:path';

export const CORPUS_INDEX_FILE = 'index.json';

/** The corpus folder PluginEval's methodology names, `~/.plugineval/corpus`. */
export function defaultCorpusDir(home: string = os.homedir()): string {
  return path.join(home, '.plugineval', 'corpus');
}

export function corpusIndexPath(corpusDir: string): string {
  return path.join(path.resolve(corpusDir), CORPUS_INDEX_FILE);
}

/** `~` and `~/x` name the home folder (a config file cannot rely on the shell to expand them). */
export function expandHome(dir: string, home: string = os.homedir()): string {
  return dir === '~' ? home : dir.startsWith('~/') ? path.join(home, dir.slice(2)) : dir;
}
