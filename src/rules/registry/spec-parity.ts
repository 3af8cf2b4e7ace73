/**
 * Where `validate` deliberately differs from skills-ref, the Agent Skills spec's reference validator, on its own test
 * cases (test/rules/skills-ref.test.ts holds the list it checks), and which reading of the spec each follows. Part
 * of docs/rules.md.
 */
export const SPEC_PARITY_MARKDOWN: readonly string[] = [
  '## Parity with the Agent Skills spec',
  '',
  "skills-ref's own test cases (agentskills/agentskills, `skills-ref/tests/test_validator.py` and the whole-skill " +
    'cases of `test_parser.py` at commit 00d5a46a6b0394894dcdeca66de2f17c266f7b4b) are fixtures in ' +
    '`test/fixtures/skills-ref/`. `validate` reaches the same verdict (valid: no error) on 26 of the 31; the five ' +
    'differences:',
  '',
  '| Case | skills-ref | plugin-eval | Why |',
  '|---|---|---|---|',
  '| `test_i18n_chinese_name`, `test_i18n_russian_name_with_hyphens`, `test_i18n_russian_lowercase_valid`, ' +
    '`test_nfkc_normalization` | valid: a name may hold any Unicode lowercase letter or digit, compared with its ' +
    'folder after NFKC | error `skill/name-format`: ASCII `a-z`, `0-9` and single hyphens | The spec says "unicode ' +
    'lowercase alphanumeric characters" and then "(`a-z`)"; we read the bracket as the definition. Claude Code ' +
    '2.1.330 turns every other character of a skill folder into a hyphen (a skill in `skills/技能/` is listed as ' +
    '`plugin:--`), so two such skills collide, and ASCII leaves no look-alike letters in a name an agent is asked ' +
    'to call. |',
  '| `test_unexpected_fields` | error: only the six spec keys | warning `skill/unknown-key` | Claude Code defines ' +
    'further keys (`model`, `disable-model-invocation`, ...) and ignores unknown ones at load time, so an unknown ' +
    'key changes nothing a user sees; it is reported, not fatal. |',
  '',
  'Other readings: lengths (name 64, description 1,024, compatibility 500) are counted in Unicode code points, as ' +
    "skills-ref's `len()` does (1,024 emoji are 1,024 characters); `metadata` values may be numbers or booleans, " +
    'which skills-ref reads as strings (`version: 1.0` is "1.0"), while a list or a mapping is an error. `<` or `>` in ' +
    'a description are allowed by the spec and by skills-ref but are an error here (`skill/description-angle-' +
    "brackets`): we follow skill-creator's quick_validate, because the description is pasted into the " +
    '`<available_skills>` block of the system prompt, where a tag in it can close or open an element. Frontmatter ' +
    'that Claude Code reads differently from YAML is an error (`frontmatter/claude-code-fence`).',
];
