import { allSections } from '../../parse/markdown.js';
import type { StaticCheck } from '../types.js';
import { ScoreBuilder } from '../shared/score-builder.js';
import { signals } from './signals.js';

const EXAMPLES = /\b(?:examples?|usage|walkthrough|sample)\b/i;
const TROUBLESHOOTING = /\b(?:troubleshoot\w*|common (?:issues|problems|mistakes|errors|pitfalls)|faq|pitfalls|edge cases|gotchas|error handling)\b/i;

export const structuralCompleteness: StaticCheck = {
  id: 'structural-completeness',
  subScore: 'structural_completeness',
  methodology: 'default',
  description: 'Non-empty H2/H3 sections, real code blocks in several languages, examples and troubleshooting sections, real tables, decision guidance.',
  run(skill) {
    const md = skill.markdown;
    const s = signals(skill);
    // A section counts only if something (prose or code) sits under its heading before the next heading.
    const sections = allSections(md.root).filter((sec) => {
      const { depth } = sec.heading!;
      if (depth !== 2 && depth !== 3) return false;
      const end = sec.children[0]?.startLine ?? sec.endLine + 1;
      for (let l = sec.startLine + sec.heading!.lines; l < end; l++) if ((md.proseLines[l - 1] ?? '').trim() !== '' || md.codeLines.has(l)) return true;
      return false;
    });
    const b = new ScoreBuilder();
    const h = sections.length;
    b.add(h >= 6 ? 0.2 : h >= 4 ? 0.15 : h >= 2 ? 0.1 : 0, `${h} non-empty H2/H3 sections`);
    const blocks = md.codeBlocks.filter((c) => c.value.trim() !== '').length;
    b.add(blocks >= 3 ? 0.2 : blocks >= 2 ? 0.15 : blocks >= 1 ? 0.1 : 0, `${blocks} code block(s)`);
    const langs = new Set(md.codeBlocks.filter((c) => c.value.trim() !== '').map((c) => c.lang.toLowerCase()).filter(Boolean));
    b.add(langs.size >= 3 ? 0.15 : langs.size >= 2 ? 0.1 : 0, `${langs.size} languages`);
    const titles = sections.map((sec) => sec.heading!.text);
    b.add(0.15, 'examples section', titles.some((t) => EXAMPLES.test(t)));
    b.add(0.15, 'troubleshooting section', titles.some((t) => TROUBLESHOOTING.test(t)));
    b.add(0.1, `${md.tables.length} table(s)`, md.tables.length > 0);
    b.add(0.05, 'decision guidance', /\b(?:decision|when to use|when not to use|comparison|trade-?offs?)\b/.test(s.proseLower));
    b.scale(s.integrity, `content integrity ${(s.distinctRatio * 100).toFixed(0)}% distinct lines`);
    return b.done();
  },
};
