#!/usr/bin/env python3
"""Fails when a cited page, section or user story does not resolve inside the repository.

Usage: check-citations.py [--list-unresolved] [--root DIR]

  (no option)         print FILE:LINE: CITATION: why for each citation that does not resolve; exit 1 if any
  --list-unresolved   print the same, and the bare section signs that name no page; always exit 0
  --root DIR          the repository to check (default: the one this script belongs to)

Pages. The Markdown files of docs/spec/ and docs/design/ (the reference pages, with numbered
sections) and of docs/ itself. A page is cited by its file name, which must belong to exactly one of
them. Scanned: every file `git ls-files --cached --others --exclude-standard` lists (the tracked files
and the new ones about to be), except binary files (a NUL byte in the first 8 KiB), bench/results/
(dated run logs) and this script (its examples are not citations). Markdown code blocks are scanned
like any other text.

Citations of sections:

1. `NAME.md §N`: N is a section number (11, 2.6, 3.10). NAME may carry a path (docs/spec/flop.md) or
   be a Markdown link ([flop.md](spec/flop.md) §2). A page of docs/spec/ or docs/design/ may also be
   named without `.md` when a section sign follows (platform-notes §5). Between the name and the sign
   only spaces, a line break (with the comment marker of the next line), `,`, `(` and `)` may stand.
2. More sections of the same page follow it with separators only (spaces, `,`, `;`, `/`, `&`, "and",
   "or", "to", "through"): `flop.md §2.3, §2.6`, `mailbox.md §1.1 and §2.1`, `flop.md §2.5/§2.6`.
   A range names two sections and both are checked: `schedule.md §3.1–§3.5`, `flop.md §§2.3–2.5`.
3. Any other `§N` (a bare sign):
   - in a page of docs/spec/ or docs/design/ it is a section of that page itself (these pages cite
     their own sections that way: schedule.md "the full minimal set of §3.1");
   - elsewhere it is a section of the page named last before it in the same block. A block is a run
     of non-blank lines (a comment paragraph, a Markdown paragraph or list); a Markdown heading and
     a table row are blocks of their own. So in "(schedule.md §8; architecture.md §11 ...) ... (§8.4
     step 2)" the §8.4 is architecture.md's: name the page again when the nearest one is not meant.
   - a sign right after "RFC <number>" cites an RFC, not a page; a sign with no page before it in its
     block is not checked (--list-unresolved shows it).
4. A section N resolves when the page has a heading, outside code blocks, whose title starts with N
   followed by `.`, a space or the end (`## 11. Decisions ...`, `### 2.6 Processing patterns`). When
   there is no heading N.K but there is a heading N with a numbered list directly under it (before
   the next heading), N.K is item K of that list: flop.md §5.4 is the fourth legacy defect of
   flop.md §5. Words after the number are not checked: "§8.4 step 2", '§11 "FDEL"'.
5. `NAME.md CODE`, CODE four capitals right after the page name (`flop.md FLIN`), names a section by
   its code when the page has headings that start with a code (flop.md `### FLIN — ...`, reference.md
   `### 3.1 ABDG — ...`): such a heading must exist. On other pages it is not a citation.

User stories: `US-NN` must be a heading `### US-NN ...` of docs/design/user-stories.md; `US-NN/K`
also needs an acceptance criterion numbered K under that heading; `OPS-N` must open a row of its
table there.

Outside paths: any mention of the folder beside the repository where these pages used to live (two
dots, a slash and "shared/", or "shared/" followed by spec/, design/ or seeds/) fails: a clone must
carry its own contracts. HISTORY names the files allowed to mention it (none).

Python 3 standard library and git only; reads nothing outside the repository.
"""
import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_ROOT = os.path.dirname(os.path.dirname(HERE))
PAGE_DIRS = ['docs/spec', 'docs/design', 'docs']
OWN_SECTION_DIRS = ('docs/spec/', 'docs/design/')
STORIES = 'docs/design/user-stories.md'
SKIP_PREFIXES = ('bench/results/',)
SELF = 'tests/docs/check-citations.py'
HISTORY = set()  # files allowed to mention the outside folder, e.g. a page on the history of the docs

SECTION = r'\d+(?:\.\d+)*'
SIGN = re.compile(r'§§?\s*(' + SECTION + r')(?:\s*[–—-]\s*§?\s*(' + SECTION + r'))?')
# between two signs of one page: separators and "and", "or", "to", "through" only
CHAIN_GAP = re.compile(r'^[\s,;/&]*(?:(?:and|or|to|through)\s*)?[\s,;/&]*$')
OUTSIDE = re.compile(r'\.\.' + '/' + r'shared\b|(?<![\w.-])shared/(?:spec|design|seeds)/')
STORY = re.compile(r'\b(US-(\d+)(?:/(\d+))?|OPS-(\d+))\b')
NAMED = re.compile(r'^\s*([A-Z][A-Z0-9]{3})\b')
COMMENT = re.compile(r'^\s*(?://+!?|/\*+|\*+/?|#+!?|--|;+|>)?')
RFC = re.compile(r'RFC\s*\d+\s*$')


def repository_files(root):
    """The files git lists (tracked, and new ones not ignored); without git, every file but .git/ and build*/."""
    try:
        out = subprocess.run(['git', 'ls-files', '-z', '--cached', '--others', '--exclude-standard'],
                             cwd=root, check=True, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout
        return sorted({f for f in out.decode('utf-8', 'surrogateescape').split('\0') if f})
    except (OSError, subprocess.CalledProcessError):
        files = []
        for directory, subdirs, names in os.walk(root):
            subdirs[:] = [d for d in subdirs if d != '.git' and not d.startswith('build')]
            files += [os.path.relpath(os.path.join(directory, n), root).replace(os.sep, '/') for n in names]
        return sorted(files)


def read_text(path):
    with open(path, 'rb') as f:
        data = f.read()
    if b'\0' in data[:8192]:
        return None
    return data.decode('utf-8', 'replace')


class Page:
    def __init__(self, rel, text):
        self.rel = rel
        self.sections = set()
        self.codes = set()
        self.items = {}  # section -> numbers of the list items directly under its heading
        fence = None
        section = None
        for line in text.split('\n'):
            stripped = line.strip()
            marker = re.match(r'^(```|~~~)', stripped)
            if marker:
                if fence is None:
                    fence = marker.group(1)
                elif stripped.startswith(fence):
                    fence = None
                continue
            if fence:
                continue
            match = re.match(r'^(#{1,6})\s+(.*?)\s*#*\s*$', line)
            if not match:
                item = re.match(r'^ {0,3}(\d+)\.\s', line)
                if item and section:
                    self.items.setdefault(section, set()).add(int(item.group(1)))
                continue
            title = match.group(2).replace('`', '')
            number = re.match(r'^(' + SECTION + r')(?:\.|\s|$)', title)
            rest = title
            section = None
            if number:
                section = number.group(1)
                self.sections.add(section)
                rest = title[number.end():]
            code = NAMED.match(rest)
            if code:
                self.codes.add(code.group(1))


def load_pages(root):
    pages = {}
    for directory in PAGE_DIRS:
        folder = os.path.join(root, directory)
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            path = os.path.join(folder, name)
            if name.endswith('.md') and os.path.isfile(path):
                pages.setdefault(name, []).append(Page(f'{directory}/{name}', read_text(path) or ''))
    return pages


def load_stories(root):
    """{'US-05': {1, 2, ...}, 'OPS-1': set()} from docs/design/user-stories.md."""
    stories = {}
    path = os.path.join(root, STORIES)
    if not os.path.isfile(path):
        return stories
    current = None
    fence = False
    for line in read_text(path).split('\n'):
        if line.strip().startswith('```'):
            fence = not fence
            continue
        if fence:
            continue
        heading = re.match(r'^(#{1,6})\s+(US-\d+)\b', line)
        if heading:
            current = heading.group(2)
            stories[current] = set()
            continue
        if re.match(r'^#{1,3}\s', line):
            current = None
            continue
        row = re.match(r'^\|\s*(OPS-\d+)\b', line)
        if row:
            stories[row.group(1)] = set()
        item = re.match(r'^(\d+)\.\s', line)
        if item and current:
            stories[current].add(int(item.group(1)))
    return stories


def page_stems(pages):
    """The names of the pages of docs/spec/ and docs/design/ without .md, longest first."""
    return sorted({n[:-3] for n, ps in pages.items() if any(p.rel.startswith(OWN_SECTION_DIRS) for p in ps)},
                  key=len, reverse=True)


def compile_name_pattern(stems):
    # NAME.md (any name, with an optional path or link) or a known stem without .md
    with_md = r'(?:\[)?(?:[\w./-]*/)?([\w-]+)\.md(?:\])?(?:\([^)\s]*\))?'
    without = r'(?<![\w/.-])(' + '|'.join(re.escape(s) for s in stems) + r')(?![\w.-])' if stems else r'(?!x)x'
    return re.compile(with_md + '|' + without)


def blocks(rel, lines):
    """Yield lists of (line number, text) that a bare section sign may look back through."""
    markdown = rel.endswith('.md')
    block = []
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        alone = markdown and (stripped.startswith('#') or stripped.startswith('|'))
        if not stripped or alone:
            if block:
                yield block
            block = []
            if alone:
                yield [(number, line)]
            continue
        block.append((number, line))
    if block:
        yield block


def check_section(pages, name, section, where, cite, problems):
    found = pages.get(name)
    if not found:
        problems.append(f'{where}: {cite}: no page {name} in docs/spec/, docs/design/ or docs/')
        return
    if len(found) > 1:
        problems.append(f'{where}: {cite}: {name} is ambiguous: ' + ', '.join(p.rel for p in found))
        return
    page = found[0]
    if section in page.sections:
        return
    parent, _, item = section.rpartition('.')
    if parent in page.sections and int(item) in page.items.get(parent, ()):
        return
    problems.append(f'{where}: {cite}: {page.rel} has no section {section}')


def scan_file(rel, text, pages, name_pattern, stories, problems, unattributed):
    """Append to problems what does not resolve in one file; returns the number of citations checked."""
    own_page = None
    base = os.path.basename(rel)
    if rel.startswith(OWN_SECTION_DIRS) and base in pages and len(pages[base]) == 1:
        own_page = base
    lines = text.split('\n')
    checked = 0

    if rel not in HISTORY:
        for number, line in enumerate(lines, 1):
            for match in OUTSIDE.finditer(line):
                problems.append(f'{rel}:{number}: {match.group(0)}: a path outside the repository '
                                '(cite docs/spec/, docs/design/ or the page name)')

    for number, line in enumerate(lines, 1):
        for match in STORY.finditer(line):
            checked += 1
            ident = match.group(1)
            story = f'US-{match.group(2)}' if match.group(2) else f'OPS-{match.group(4)}'
            if story not in stories:
                problems.append(f'{rel}:{number}: {ident}: not defined in {STORIES}')
            elif match.group(3) and int(match.group(3)) not in stories[story]:
                problems.append(f'{rel}:{number}: {ident}: {story} in {STORIES} has no criterion {match.group(3)}')

    if '§' not in text and '.md' not in text:
        return checked
    for block in blocks(rel, lines):
        # One text per block, comment markers blanked, so that a page name at the end of a line and
        # its sign at the start of the next are one citation.
        starts, parts, offset = [], [], 0
        for number, line in block:
            marker = COMMENT.match(line)
            parts.append(' ' * marker.end() + line[marker.end():])
            starts.append((offset, number))
            offset += len(line) + 1
        text_block = '\n'.join(parts)

        def line_of(position):
            number = block[0][0]
            for begin, n in starts:
                if begin > position:
                    break
                number = n
            return number

        events = []
        for m in name_pattern.finditer(text_block):
            if m.group(1):
                events.append((m.start(), 'name', (m.end(), m.group(1) + '.md', m.group(0))))
            elif re.match(r'^[\s,()]*§', text_block[m.end():]):
                events.append((m.start(), 'name', (m.end(), m.group(2) + '.md', m.group(0))))
        events += [(m.start(), 'sign', m) for m in SIGN.finditer(text_block)]
        events.sort(key=lambda e: e[0])

        current = None  # the page named last in the block
        chain_end = chain_page = None  # where the last name or sign of a citation ended, and its page
        for position, kind, item in events:
            where = f'{rel}:{line_of(position)}'
            if kind == 'name':
                end, name, raw = item
                current = chain_page = name
                chain_end = end
                code = re.match(r'^ ([A-Z][A-Z0-9]{3})\b', text_block[end:])
                if code and raw.endswith(('.md', ')', ']')) and name in pages and len(pages[name]) == 1 \
                        and pages[name][0].codes:
                    checked += 1
                    if code.group(1) not in pages[name][0].codes:
                        problems.append(f'{where}: {name} {code.group(1)}: {pages[name][0].rel} has no '
                                        f'heading {code.group(1)}')
                continue
            match = item
            if RFC.search(text_block[:position]):
                continue
            gap = text_block[chain_end:position] if chain_end is not None else None
            chained = gap is not None and (re.match(r'^[\s,()]*$', gap) or CHAIN_GAP.match(gap))
            if chain_page and chained:
                page = chain_page
            elif own_page:
                page = own_page
            elif current:
                page = current
            else:
                unattributed.append(f'{where}: {match.group(0)}: names no page (not checked)')
                continue
            cite = f'{page} {match.group(0)}'
            for section in (match.group(1), match.group(2)):
                if section:
                    checked += 1
                    check_section(pages, page, section, where, cite, problems)
            chain_end, chain_page = match.end(), page
    return checked


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--list-unresolved', action='store_true',
                        help='print what does not resolve (and the unchecked bare signs) without failing')
    parser.add_argument('--root', default=DEFAULT_ROOT, help='the repository to check')
    args = parser.parse_args()
    root = os.path.abspath(args.root)

    pages = load_pages(root)
    stories = load_stories(root)
    name_pattern = compile_name_pattern(page_stems(pages))
    problems, unattributed = [], []
    if not stories:
        problems.append(f'{STORIES}: missing or defines no US-xx / OPS-x')
    scanned = checked = 0
    for rel in repository_files(root):
        if rel.startswith(SKIP_PREFIXES) or rel == SELF or not os.path.isfile(os.path.join(root, rel)):
            continue
        text = read_text(os.path.join(root, rel))
        if text is None:
            continue
        scanned += 1
        checked += scan_file(rel, text, pages, name_pattern, stories, problems, unattributed)

    for problem in problems:
        print(problem)
    if args.list_unresolved:
        for note in unattributed:
            print(note)
        print(f'check-citations: {len(problems)} unresolved citation(s), {len(unattributed)} bare section '
              f'sign(s) naming no page; {checked} citations checked in {scanned} files')
        return 0
    if problems:
        print(f'check-citations: {len(problems)} citation(s) do not resolve')
        return 1
    print(f'check-citations: all {checked} citations of pages, sections and stories in {scanned} files resolve')
    return 0


if __name__ == '__main__':
    sys.exit(main())
