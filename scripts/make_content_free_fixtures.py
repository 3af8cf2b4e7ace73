#!/usr/bin/env python3
"""Writes test/fixtures/content-free/ and test/fixtures/content-free-control/.

Every fixture is a PERFECT skeleton (frontmatter whose name equals the folder and whose description says
"Use when", H2 sections, fenced code with language tags, Examples, Troubleshooting, Related, a linked non-empty
references/ file) filled with prose that carries no information:

  content-free/dictionary-salad    random words drawn from a word list
  content-free/lorem-ipsum         classic lorem ipsum
  content-free/shuffled-words      the words of a real skill's prose in random order
  content-free/repeated-filler     a handful of stock sentences recombined over and over
  content-free/markov-babble       a first-order word Markov chain trained on a real skill's prose
  content-free/keyword-salad       piles of technical keywords

PluginEval 0.1.x gives these Gold; the default methodology must give none of them a badge
(LOW_INFORMATION_PROSE). The controls use the same skeleton:

  content-free-control/original-prose      the real prose the salads are made from (must keep its badge)
  content-free-control/shuffled-sentences  fluent nonsense: the real sentences in random order. It cannot be
                                           caught statically; the coverage cap and the judge's output-quality
                                           rubric deal with it.

Deterministic (fixed seeds). Run from the repository root: python3 scripts/make_content_free_fixtures.py
"""
import os
import random
import re
import shutil

ROOT = os.path.join('test', 'fixtures', 'content-free')
CONTROL = os.path.join('test', 'fixtures', 'content-free-control')

# The "real skill" behind the shuffles, the Markov chain and the controls: written for these fixtures.
SOURCE = """
The skill reads an application log and returns a short triage report that an engineer can act on in a few minutes.
It is a worker: it reads files and returns text, and it never restarts services or edits configuration.
Start by asking which log file matters when the user has not named one, because guessing wastes the reader's time.
Read the file from the end, since the most recent errors usually explain the incident better than old warnings.
Group the error lines by their message template, replacing numbers, identifiers and timestamps with placeholders.
Count how often each template occurs and note the first and the last time it appeared.
A template that appears once is rarely the cause; a template that starts just before the incident usually is.
When a stack trace follows an error line, keep its top three frames and drop the rest.
Those frames name the module where the failure happened, and the engineer will open that file first.
If the log mixes several services, split the report by service and say which one failed first.
Do not guess at causes that the log does not show; write what is known and list what remains unknown.
When the file is larger than a few megabytes, read the last ten thousand lines and tell the user that you did.
Compressed logs must be decompressed to a temporary file before they are read, and that file is deleted afterwards.
Timestamps in different zones are converted to UTC so that the timeline reads in one order.
If no errors are found, say so plainly and list the warnings instead, because a quiet log is also an answer.
The report starts with one sentence that names the most likely failing component and the time it failed.
Then it lists each error template with its count, its first and last occurrence, and one example line.
Finish with the questions the log cannot answer, such as whether a deployment happened at the same time.
Keep the whole report under forty lines so that it fits on one screen during an incident call.
An engineer who reads the report should know where to look next without opening the raw log.
When the user asks for more detail about one template, show every line that matched it, with line numbers.
Permissions errors often hide behind generic messages, so check the lines just before each failure for a denied access.
Memory errors tend to repeat with growing intervals, and that pattern is worth pointing out in the summary.
Network timeouts usually come in bursts across several services, which points at a shared dependency rather than one bug.
Disk full errors stop every writer at once, so the first of them matters more than the hundreds that follow.
A burst of authentication failures right after a deployment usually means a secret was rotated but not rolled out.
Health check failures are a symptom, not a cause; look for what the service was doing just before the first one.
Log lines without a level are treated as information unless they contain the words error, failed or exception.
Multi-line messages belong to the line above them, so join continuation lines before grouping anything.
Some frameworks print the same exception twice, once when it is raised and once when it is handled; count it once.
When two templates always appear together, report them as one event and say which one comes first.
Retries hide failures: a request that succeeded on the third attempt still shows what went wrong twice.
If the user mentions a time, centre the timeline on it and read ten minutes on either side.
Quote log lines exactly as they appear, because engineers search for them later in their own tools.
Secrets, tokens and personal data in quoted lines are masked before they go into the report.
The triage is finished when every error template is either explained, linked to another, or listed as unknown.
Say how many lines were read and how many were skipped, so the reader can judge how complete the picture is.
A report that names the wrong component costs more than a report that admits it does not know.
For logs in JSON, read the level, message and timestamp fields and ignore the rest unless the user asks.
Container logs interleave standard output and standard error; keep their order by timestamp, not by stream.
Clock drift between hosts can reorder events by a few seconds, so do not build a causal story on small gaps.
When the log ends abruptly, say that the process may have been killed, since no shutdown message was written.
Out of memory kills are recorded by the operating system, not the application, so suggest checking the system log.
Ask before reading files outside the folder the user pointed to, because logs often sit next to private data.
""".strip()

SOURCE_SENTENCES = [s for s in SOURCE.split('\n') if s]

LOREM = ('lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore '
         'magna aliqua enim ad minim veniam quis nostrud exercitation ullamco laboris nisi aliquip ex ea commodo '
         'consequat duis aute irure in reprehenderit voluptate velit esse cillum fugiat nulla pariatur excepteur '
         'sint occaecat cupidatat non proident sunt culpa qui officia deserunt mollit anim id est laborum').split()

# A word list in the spirit of a dictionary: mostly nouns, verbs and adjectives, as a dictionary's entries are.
DICTIONARY = ('abandon ability absorb abstract academy accent accept access accident account accurate achieve acid '
              'acoustic acquire across action active actor actual adapt address adjust admit adult advance advice '
              'aerobic affair afford afraid agency agenda agent agree ahead aim airport aisle alarm album alcohol '
              'alert alien alley allow almost alone alpha already alter always amateur amazing among amount amused '
              'anchor ancient anger angle animal ankle announce annual another answer antenna antique anxiety '
              'apart apology appear apple approve april arch arctic area arena argue armed armor army arrange '
              'arrest arrive arrow artefact artist artwork aspect assault asset assist assume asthma athlete atom '
              'attack attend attitude attract auction audit august aunt author auto autumn average avocado avoid '
              'awake aware awesome awful awkward axis baby bachelor bacon badge balance balcony ball bamboo banana '
              'banner barely bargain barrel basket battle beach bean beauty become beef before begin behave behind '
              'believe bench benefit betray better beyond bicycle bind biology bird birth bitter blame blanket '
              'blast bleak bless blind blood blossom blouse blue blur blush board boat body boil bomb bone bonus '
              'book boost border boring borrow boss bottom bounce bracket brain brand brass brave bread breeze '
              'brick bridge brief bright bring brisk broccoli broken bronze broom brother brown brush bubble buddy '
              'budget buffalo build bulb bulk bullet bundle bunker burden burger burst bus business busy butter '
              'buyer buzz cabbage cabin cable cactus cage cake call calm camera camp canal cancel candy cannon '
              'canoe canvas canyon capable capital captain carbon career cargo carpet carry cart case cash casino '
              'castle casual catalog catch category cattle caught cause caution cave ceiling celery cement census '
              'century cereal certain chair chalk champion change chaos chapter charge chase cheap check cheese '
              'chef cherry chest chicken chief child chimney choice chronic chuckle chunk churn cigar cinnamon '
              'circle citizen city civil claim clap clarify claw clay clean clerk clever click client cliff climb '
              'clinic clip clock clog close cloth cloud clown club clump cluster clutch coach coast coconut code '
              'coffee coil coin collect color column combine comfort comic common company concert conduct confirm '
              'congress connect consider control convince cook cool copper copy coral core corn correct cost '
              'cotton couch country couple course cousin cover coyote crack cradle craft cram crane crash crater '
              'crawl crazy cream credit creek crew cricket crime crisp critic crop cross crouch crowd crucial cruel '
              'cruise crumble crunch crush crystal cube culture cupboard curious current curtain curve cushion '
              'custom cute cycle dad damage damp dance danger daring dash daughter dawn debate debris decade '
              'december decide decline decorate decrease deer defense define defy degree delay deliver demand '
              'denial dentist deny depart depend deposit depth deputy derive describe desert design desk despair '
              'destroy detail detect develop device devote diagram dial diamond diary dice diesel diet differ '
              'digital dignity dilemma dinner dinosaur direct dirt disagree discover disease dish dismiss disorder '
              'display distance divert divide divorce dizzy doctor document domain donate donkey donor door dose '
              'double dove draft dragon drama drastic draw dream dress drift drill drink drip drive drop drum dry '
              'duck dumb dune during dust dutch duty dwarf dynamic eager eagle early earn earth easily east easy '
              'echo ecology economy edge edit educate effort eight either elbow elder electric elegant element '
              'elephant elevator elite else embark embody embrace emerge emotion employ empower empty enable enact '
              'endless endorse enemy energy enforce engage engine enhance enjoy enlist enough enrich enroll ensure '
              'enter entire entry envelope episode equal equip erase erode erosion error erupt escape essay essence '
              'estate eternal ethics evidence evil evoke evolve exact example excess exchange excite exclude excuse '
              'execute exercise exhaust exhibit exile exist exit exotic expand expect expire explain expose express '
              'extend extra eyebrow fabric face faculty fade faint faith fall false fame family famous fancy fantasy '
              'farm fashion fatal father fatigue fault favorite feature february federal fence festival fetch fever '
              'fiber fiction field figure file film filter final find fine finger finish fire firm fiscal fish fitness '
              'flag flame flash flat flavor flee flight flip float flock floor flower fluid flush foam focus fog foil '
              'follow food foot force forest forget fork fortune forum forward fossil foster found fox fragile frame '
              'frequent fresh friend fringe frog front frost frown frozen fruit fuel fun funny furnace fury future '
              'gadget gain galaxy gallery game gap garage garbage garden garlic garment gas gasp gate gather gauge '
              'gaze general genius genre gentle genuine gesture ghost giant gift giggle ginger giraffe girl give '
              'glad glance glare glass glide glimpse globe gloom glory glove glow glue goat goddess gold good goose '
              'gorilla gospel gossip govern gown grab grace grain grant grape grass gravity great green grid grief '
              'grit grocery group grow grunt guard guess guide guilt guitar gun gym habit hair half hammer hamster '
              'hand happy harbor hard harsh harvest hat have hawk hazard head health heart heavy hedgehog height '
              'hello helmet help hen hero hidden high hill hint hip hire history hobby hockey hold hole holiday '
              'hollow home honey hood hope horn horror horse hospital host hotel hour hover hub huge human humble').split()

KEYWORDS = ('Docker Kubernetes CI/CD pipeline deploy deployment testing unit-tests integration best-practices '
            'optimization performance scalable scalability microservices cloud AWS GCP Azure serverless Terraform '
            'monitoring observability logging metrics tracing security compliance DevOps GitOps automation '
            'workflow refactoring clean-code TypeScript Python Rust Go React Node API REST GraphQL database SQL '
            'PostgreSQL Redis caching latency throughput reliability SRE incident on-call debugging profiling '
            'linting formatting code-review productivity agile scrum sprint backlog roadmap strategy '
            'architecture design-patterns SOLID DRY KISS YAGNI enterprise production-ready robust modern').split()

FILLER_SENTENCES = [
    'This skill helps you get great results with the log.',
    'It is designed to make the whole process simple and easy.',
    'Following these steps ensures a high quality outcome every time.',
    'The skill is useful for many different situations and tasks.',
    'You can rely on it to deliver consistent and reliable results.',
    'It saves time and effort while improving the overall quality.',
    'Using this approach makes everything more efficient and effective.',
    'The process is straightforward and works well in most cases.',
]
FILLER_TOPICS = ['log', 'report', 'file', 'output', 'input', 'result', 'task', 'error']


def sentence(words):
    text = ' '.join(words)
    return text[0].upper() + text[1:] + '.'


def salad_sentences(pick, rng, count):
    """`count` sentences of 8-18 words from pick(rng)."""
    return [sentence([pick(rng) for _ in range(rng.randint(8, 18))]) for _ in range(count)]


def shuffled_words(rng, count):
    words = SOURCE.replace('\n', ' ').replace('.', '').replace(',', '').replace(';', '').lower().split()
    out = []
    while len(out) < count:
        pool = words[:]
        rng.shuffle(pool)
        i = 0
        while i < len(pool) and len(out) < count:
            n = rng.randint(8, 20)
            out.append(sentence(pool[i:i + n]))
            i += n
    return out


def markov_babble(rng, count):
    """A first-order word chain over the source prose: every adjacent pair of words occurs in real text."""
    tokens = []
    for s in SOURCE_SENTENCES:
        tokens += ['<s>'] + re.sub(r'[.,;:]', '', s).lower().split() + ['</s>']
    chain = {}
    for a, b in zip(tokens, tokens[1:]):
        if a != '</s>':
            chain.setdefault(a, []).append(b)
    out = []
    while len(out) < count:
        word, words = '<s>', []
        while True:
            word = rng.choice(chain[word])
            if word == '</s>' or len(words) >= 30:
                break
            words.append(word)
        if len(words) >= 5:
            out.append(words[0].capitalize() + ' ' + ' '.join(words[1:]) + '.')
    return out


def repeated_filler(rng, count):
    """Stock sentences, each with a topic word swapped in, recombined so no two lines are identical."""
    out = []
    for i in range(count):
        s = rng.choice(FILLER_SENTENCES)
        out.append(s.replace('the log', f'the {rng.choice(FILLER_TOPICS)}') if 'the log' in s else s)
    return out


def keyword_salad(rng, count):
    out = []
    for _ in range(count):
        words = rng.sample(KEYWORDS, rng.randint(6, 12))
        out.append(', '.join(words[:-1]) + ' and ' + words[-1] + '.' if rng.random() < 0.5 else ' '.join(words) + '.')
    return out


def paragraphs(sentences, per, rng):
    """Group sentences into paragraphs (one per line, as many editors write Markdown)."""
    out, i = [], 0
    while i < len(sentences):
        n = rng.randint(*per)
        out.append(' '.join(sentences[i:i + n]))
        i += n
    return out


def skeleton(name, prose, rng, per):
    """The structure every static check rewards, with `prose` (a list of sentences) poured into its sections."""
    take = iter(paragraphs(prose, per, rng))

    def section(n):
        parts = [next(take, '') for _ in range(n)]
        assert all(parts), f'{name}: not enough prose for the skeleton'
        return '\n\n'.join(parts)

    description = ('Triages application logs into a short incident report with the failing component and grouped '
                   'error templates. Use when the user shares a log file, when debugging a failed service, for '
                   'reviewing an incident, or during an on-call handover; invoke it proactively.')
    fence = '`' * 3
    return f"""---
name: {name}
description: "{description}"
license: MIT
---

# Log Triage

{section(3)}

## Input

{section(2)}

- `path`: the log file to read (ask when it is not given)
- `since`: an optional ISO time to start from
- `service`: an optional service name to keep

## Steps

1. {section(1)}
2. {section(1)}
3. {section(1)}
4. {section(1)}
5. {section(1)}

### Reading large files

{section(3)}

### Grouping error lines

{section(3)}

## Output format

{section(2)}

{fence}markdown
## Incident summary

Most likely failing component: payments-api at 2026-03-02T10:14Z.

| Template | Count | First | Last |
|---|---|---|---|
| timeout calling <host> | 42 | 10:13:58 | 10:16:03 |
| connection reset by <peer> | 7 | 10:14:02 | 10:15:40 |

### Open questions

- Was there a deployment at 10:12?
{fence}

Use the report template in [assets/report-template.md](assets/report-template.md).

## Examples

### A failing service

{section(3)}

{fence}bash
tail -n 10000 /var/log/app/app.log | grep -E 'ERROR|FATAL' | sort | uniq -c | sort -rn | head -20
{fence}

### A JSON log

{section(3)}

{fence}python
import json

with open("app.jsonl") as f:
    levels = [json.loads(line).get("level") for line in f]
print({{level: levels.count(level) for level in set(levels)}})
{fence}

## Troubleshooting

{section(3)}

| Symptom | Cause | What to do |
|---|---|---|
| Empty report | Wrong file | Ask for the path again |
| Garbled text | Compressed log | Decompress it first |
| Timeline out of order | Mixed time zones | Convert every timestamp to UTC |
| Thousands of templates | Identifiers not replaced | Widen the placeholder patterns |

## Related

{section(2)}

- [references/patterns.md](references/patterns.md): common error templates and what they usually mean.
"""


def write(root, name, prose, rng, reference_prose, per=(1, 2)):
    folder = os.path.join(root, name)
    os.makedirs(os.path.join(folder, 'references'), exist_ok=True)
    with open(os.path.join(folder, 'SKILL.md'), 'w', encoding='utf-8', newline='\n') as f:
        f.write(skeleton(name, prose, rng, per))
    with open(os.path.join(folder, 'references', 'patterns.md'), 'w', encoding='utf-8', newline='\n') as f:
        f.write('# Error patterns\n\n' + '\n\n'.join(paragraphs(reference_prose, per, rng)) + '\n')
    os.makedirs(os.path.join(folder, 'assets'), exist_ok=True)
    with open(os.path.join(folder, 'assets', 'report-template.md'), 'w', encoding='utf-8', newline='\n') as f:
        f.write('## Incident summary\n\nMost likely failing component: <component> at <time>.\n\n'
                '| Template | Count | First | Last |\n|---|---|---|---|\n\n### Open questions\n\n- <question>\n')


# Enough sentences to fill the skeleton's 29 paragraph slots, one or two sentences each.
N = 60

GENERATORS = {
    'dictionary-salad': lambda rng, n: salad_sentences(lambda r: r.choice(DICTIONARY), rng, n),
    'lorem-ipsum': lambda rng, n: salad_sentences(lambda r: r.choice(LOREM), rng, n),
    'shuffled-words': shuffled_words,
    'repeated-filler': repeated_filler,
    'markov-babble': markov_babble,
    'keyword-salad': keyword_salad,
}


def main():
    shutil.rmtree(ROOT, ignore_errors=True)
    shutil.rmtree(CONTROL, ignore_errors=True)
    for seed, (name, make) in enumerate(GENERATORS.items()):
        rng = random.Random(1000 + seed)
        write(ROOT, name, make(rng, N), rng, make(rng, 12))
    rng = random.Random(7)
    # The real prose has 45 sentences: one or two per paragraph fill the 29 slots.
    write(CONTROL, 'original-prose', SOURCE_SENTENCES, rng, SOURCE_SENTENCES[:8])
    shuffled = SOURCE_SENTENCES[:]
    rng.shuffle(shuffled)
    write(CONTROL, 'shuffled-sentences', shuffled, rng, SOURCE_SENTENCES[:8])


if __name__ == '__main__':
    main()
