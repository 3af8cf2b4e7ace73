/**
 * The content hash a job carries: sha256 over every file of the target's folder (the corpus index's rule,
 * hashSkillFiles), so a worker can tell that its checkout holds what the submitter scored.
 * The results store computes the same kind of hash; the two are meant to be one function (docs/queue.md).
 */
import { hashSkillFiles } from '../corpus/skill-facts.js';
import { walkFiles } from '../parse/fs.js';

export async function targetContentHash(dir: string): Promise<string> {
  const walk = await walkFiles(dir, '');
  return hashSkillFiles(walk.files);
}
