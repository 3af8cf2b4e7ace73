import type { Diagnostic, Severity } from '../model/diagnostic.js';
import type { MarkdownComponent, PluginDocument } from '../parse/plugin.js';
import type { SkillDocument } from '../parse/skill.js';

/**
 * What a rule is. score-check: a static sub-score or a component score (numbers; its findings cite validation
 * rules); anti-pattern: a flag that costs 5% of the composite; validation: a problem reported as a diagnostic.
 */
export type RuleKind = 'score-check' | 'anti-pattern' | 'validation';

/** What a rule looks at. */
export type RuleSubject = 'skill' | 'plugin' | 'agent' | 'command';

/** ESLint-style metadata: one id and one severity per rule, whichever command reports it. */
export interface RuleMeta {
  id: string;
  kind: RuleKind;
  appliesTo: RuleSubject;
  /** Severity of every diagnostic the rule reports (the rule configuration of the config file may override it). */
  severity: Severity;
  /** One line: what the rule checks. */
  description: string;
  /** Where the rule is explained: an anchor of docs/rules.md, or of docs/methodology.md for score checks. */
  docs: string;
  /** Which methodology reads the rule; validation rules are methodology-independent ('both'). */
  methodology: 'default' | 'compat' | 'both';
  /**
   * Who reports a rule that has no `check` of its own: 'parser' (while reading the target), a score check's id (its
   * findings), 'score' or 'validate' (at the edge, e.g. with the file system).
   */
  reportedBy?: string;
  /** Why the rule is what it is, where the sources disagree (the Agent Skills spec, Claude Code, skill-creator). */
  rationale?: string;
}

/** One zod issue, as the rules read it (zod's own type, without importing zod on the score path). */
export interface SchemaIssue {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  input?: unknown;
  origin?: string;
  format?: string;
  keys?: readonly string[];
}

/** What a skill rule reads: the parsed skill and the issues of its frontmatter against `SkillFrontmatter`. */
export interface SkillFacts {
  skill: SkillDocument;
  /**
   * `SkillFrontmatter.safeParse(frontmatter)` issues; empty when the frontmatter did not parse (the parser said why).
   */
  schemaIssues: readonly SchemaIssue[];
}

/** What an agent or command rule reads: the component and the issues of its frontmatter against its schema. */
export interface ComponentFacts {
  component: MarkdownComponent;
  schemaIssues: readonly SchemaIssue[];
}

export interface PluginFacts {
  plugin: PluginDocument;
}

/**
 * A rule's certain edit, as ESLint's `fix`. Only rules whose edit needs no author's judgement have one.
 */
export interface RuleFix {
  /** What the edit does, in a few words (docs/rules.md, the language server's quick fix title). */
  does: string;
  /**
   * The text of one file (as on disk, byte order mark included) with the problems the rule reported on `lines` of it
   * fixed (1-based; 0 is the whole file). Pure; returns `text` itself when nothing can be fixed with certainty.
   */
  apply: (text: string, lines: readonly number[]) => string;
}

export interface RuleBase<M extends RuleSubject, F> {
  meta: RuleMeta & { kind: 'validation'; appliesTo: M };
  /** Pure: the diagnostics of one document. Undefined for problems the parser itself reports (listed for their id). */
  check?: (facts: F) => Diagnostic[];
  /** What `--fix` and the language server's quick fix apply; absent: the rule's problems are not fixed by a tool. */
  fix?: RuleFix;
}

/** A validation rule: metadata plus a pure function from a document's facts to diagnostics. */
export type ValidationRule =
  | RuleBase<'skill', SkillFacts>
  | RuleBase<'agent', ComponentFacts>
  | RuleBase<'command', ComponentFacts>
  | RuleBase<'plugin', PluginFacts>;

export type SkillRule = RuleBase<'skill', SkillFacts>;
export type AgentRule = RuleBase<'agent', ComponentFacts>;
export type CommandRule = RuleBase<'command', ComponentFacts>;
export type PluginRule = RuleBase<'plugin', PluginFacts>;
