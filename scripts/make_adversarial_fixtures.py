#!/usr/bin/env python3
"""Writes test/fixtures/adversarial/: skills built to game PluginEval 0.1.x's static layer.

Each one scores high (or avoids a flag) under `--methodology compat` and must score below 60 (no badge)
under the default methodology. Run from the repository root: python3 scripts/make_adversarial_fixtures.py
"""
import os
import shutil

ROOT = os.path.join('test', 'fixtures', 'adversarial')


def write(path, text=''):
    full = os.path.join(ROOT, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, 'w', encoding='utf-8', newline='\n') as f:
        f.write(text)


STUFFED = ('Use this skill when building, when creating, when testing, when deploying, or when configuring anything. '
           'Use proactively: it triggers automatically for implementing and debugging work.')


def filler_skill():
    """260 lines of numbered filler with every section PluginEval rewards, plus empty references/ and assets/."""
    lines = ['---', 'name: ultimate-helper', f'description: "{STUFFED}"', '---', '', '# Ultimate Helper', '']
    sections = ['Overview', 'Input', 'Output Format', 'Examples', 'Decision Guide', 'Troubleshooting', 'Related']
    n = 0
    for title in sections:
        lines += [f'## {title}', '']
        for _ in range(24):
            n += 1
            lines.append(f'Step {n}: review the input and produce the output format carefully.')
        lines.append('')
    lines += ['| Option | Value |', '|---|---|', '| a | 1 |', '']
    lines += ['```python', 'print("ok")', '```', '', '```bash', 'echo ok', '```', '', '```json', '{"ok": true}', '```', '']
    lines += ['See also the related skills for comparison and tradeoff decisions.']
    while len(lines) < 260:
        n += 1
        lines.append(f'Note {n}: this returns json output with the same format every time.')
    write('filler-skill/SKILL.md', '\n'.join(lines) + '\n')
    write('filler-skill/references/guide.md')
    write('filler-skill/references/details.md')
    write('filler-skill/assets/template.txt')


def keyword_stuffing():
    """A plausible body behind a description piled with activation words."""
    body = """# Config Helper

Helps with configuration files.

## Input

Receives the path of a configuration file.

## Output Format

Returns a JSON object with the keys it found.

```json
{"keys": ["a", "b"]}
```

## Examples

Ask for the keys of `app.yaml`.
"""
    desc = ('Use when configuring, use when deploying, use when testing, use when building, use whenever anything '
            'needs config. Always use this skill; trigger and invoke it automatically and proactively for every task.')
    write('keyword-stuffing/SKILL.md', f'---\nname: keyword-stuffing\ndescription: "{desc}"\n---\n\n{body}')


def negated_triggers():
    """Only negated trigger phrases: PluginEval counts 'Do not use when' as a trigger."""
    body = """# Date Formatter

Formats dates.

## Output

Returns the formatted date string.

```python
format_date("2024-01-01")
```
"""
    desc = ('Formats calendar dates in several styles. Do not use when parsing times; never use this skill when the '
            'user asks about time zones, and do not use it for durations.')
    write('negated-triggers/SKILL.md', f'---\nname: negated-triggers\ndescription: {desc}\n---\n\n{body}')


def empty_references():
    """A 900-line SKILL.md whose empty references/ files suppress PluginEval's BLOATED_SKILL flag."""
    lines = ['---', 'name: empty-references', 'description: Converts units between metric and imperial systems. '
             'Use when converting lengths, weights or volumes for recipes and engineering notes.', '---', '',
             '# Unit Conversion', '', '## Table', '']
    for i in range(880):
        lines.append(f'- {i} units of measure converted at rate {i * 0.5} gives a value you can copy.')
    lines.append('See [the guide](references/guide.md).')
    write('empty-references/SKILL.md', '\n'.join(lines) + '\n')
    write('empty-references/references/guide.md')
    write('empty-references/references/tables.md')
    write('empty-references/assets/chart.csv')


def fenced_structure():
    """Headings, tables and keywords exist only inside code fences."""
    fence = '`' * 3
    block = [fence + 'markdown']
    for title in ['Overview', 'Input', 'Output Format', 'Examples', 'Troubleshooting', 'Related', 'Decision', 'FAQ']:
        block += [f'## {title}', '', f'The {title.lower()} section: input parameters and return json output format.', '']
    block += ['| a | b |', '|---|---|', '| 1 | 2 |', fence, '', fence + 'bash', 'ls | grep x | wc -l', fence, '',
              fence + 'python', 'print(1)', fence]
    text = ('---\nname: fenced-structure\ndescription: A collection of templates for documents and notes of many '
            'kinds.\n---\n\n# Templates\n\nCopy a template.\n\n' + '\n'.join(block) + '\n')
    write('fenced-structure/SKILL.md', text)


if __name__ == '__main__':
    shutil.rmtree(ROOT, ignore_errors=True)
    filler_skill()
    keyword_stuffing()
    negated_triggers()
    empty_references()
    fenced_structure()
