#!/usr/bin/env python3
"""docs/coverage.md against handlers/: which plugin serves each routing key of the specs.

The routing keys are those of the message specs (docs/spec/): every FLOP STYP (flop.md §1), every
SCHD and SCHS sub-type (schedule.md §2, §8; architecture.md §11 adds SCHD-ADD) and every reference
TYPE x ADD/UPD/DEL/DNLD/RESP (reference.md §0, envelope.md §7.1). Each plugin folder
handlers/<family>/<name>/ registers its keys on its MSGX_HANDLER_PLUGIN line (a reference class on
its MSGX_REFERENCE_PLUGIN line); its golden cases are the folders under golden/ (and golden-unignored/, for a plugin whose key a default ignore rule skips).

  check-coverage.py          fail (exit 1) naming each row of docs/coverage.md that disagrees
  check-coverage.py --write  regenerate the served columns (plugin, folder, golden cases) and the
                             summary; the spec and notes columns of existing rows are kept

Python 3 standard library only.
"""
import argparse
import os
import re
import sys

FLOP_STYPS = (
    "ABTM ACFT APPT BOTM CHDT CHOT CKDT CLDT CNCL COBT CTOT DELY EGSR EGST EOBT ERUT EXSS FDEL FDIV FINT "
    "FLAB FLIN FLTY FRET FTSS GTDT HNAG IEST LACL MAXP NAAT NEAT PADT PEDT PORT PSDT PSHT REMC RENO RUNW "
    "SRVT STND TAOP TIPT TOBT TRML VIPF VIPP"
).split()
SCHD_STYPS = ["DNLD", "RESP", "ADFT", "UPD", "ADD", "DEL"]
SCHS_STYPS = ["DNLD", "RESP"]
# reference.md §0, in its order (its §3 sections are numbered the same way)
REFERENCE_TYPES = (
    "ABDG ABNR AIRC AIRL ARPT BLST CHLT CITY CLST COUL DLYL FLTL GLST HLTR ORGN PLST REGL REGN SLST STTS "
    "TLST VIPL VIPS"
).split()
REFERENCE_STYPS = ["ADD", "UPD", "DEL", "DNLD", "RESP"]

SCHEDULE_SECTIONS = {
    "SCHD-DNLD": "schedule.md §3.4, §3.6",
    "SCHD-RESP": "schedule.md §3.4, §3.6",
    "SCHD-ADFT": "schedule.md §2, §3.3, §3.6",
    "SCHD-UPD": "schedule.md §3.3, §3.6",
    "SCHD-ADD": "schedule.md §2; architecture.md §11",
    "SCHD-DEL": "schedule.md §3.2, §3.6",
    "SCHS-DNLD": "schedule.md §8; architecture.md §11",
    "SCHS-RESP": "schedule.md §8; architecture.md §11",
}

GROUPS = [
    ("FLOP", "FLOP: flight operation updates (flop.md §1, 48 sub-types)", [f"FLOP-{s}" for s in FLOP_STYPS]),
    ("SCHEDULE", "SCHD and SCHS: schedules (schedule.md §2, §8)",
     [f"SCHD-{s}" for s in SCHD_STYPS] + [f"SCHS-{s}" for s in SCHS_STYPS]),
    ("REFERENCE", "Reference data: 23 types x ADD/UPD/DEL/DNLD/RESP (reference.md §0, §2.1)",
     [f"{t}-{s}" for t in REFERENCE_TYPES for s in REFERENCE_STYPS]),
]
SPEC_KEYS = [key for _, _, keys in GROUPS for key in keys]

BEGIN = "<!-- coverage:begin (tests/coverage/check-coverage.py --write regenerates up to coverage:end) -->"
END = "<!-- coverage:end -->"
HEADER = "| routing key | plugin | folder | spec section | golden cases | notes |"
RULE = "|---|---|---|---|---|---|"
NOT_SERVED = "not served"
NONE = "—"


def default_section(key):
    if key in SCHEDULE_SECTIONS:
        return SCHEDULE_SECTIONS[key]
    kind, styp = key.split("-", 1)
    if kind == "FLOP":
        return f"flop.md §3 {styp}"
    return f"reference.md §3.{REFERENCE_TYPES.index(kind) + 1}, §2.1"


# --- handlers/ -------------------------------------------------------------------------------------


def strip_comments(source):
    """C++ source without // and /* */ comments (string and char literals kept)."""
    out, i, n = [], 0, len(source)
    while i < n:
        c = source[i]
        if c in "\"'":
            j = i + 1
            while j < n and source[j] != c:
                j += 2 if source[j] == "\\" else 1
            out.append(source[i:j + 1])
            i = j + 1
        elif source.startswith("//", i):
            j = source.find("\n", i)
            i = n if j < 0 else j
        elif source.startswith("/*", i):
            j = source.find("*/", i + 2)
            i = n if j < 0 else j + 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


REGISTRATIONS = ("MSGX_HANDLER_PLUGIN", "MSGX_REFERENCE_PLUGIN")


def registration(path):
    """(plugin name, [keys]) from the registration line of a source file, or None when it has none:
    MSGX_HANDLER_PLUGIN(Class, "name", "version", "KEY", ...) names its keys;
    MSGX_REFERENCE_PLUGIN("name", "version", "TYPE", "KEY-ELEMENT", fields...) serves TYPE-ADD, -UPD,
    -DEL, -DNLD and -RESP (plugins/include/msgx/sdk/ReferenceHandler.h)."""
    with open(path, encoding="utf-8") as f:
        source = strip_comments(f.read())
    found = [(source.find(macro + "("), macro) for macro in REGISTRATIONS]
    found = [(start, macro) for start, macro in found if start >= 0]
    if not found:
        return None
    start, macro = min(found)
    depth, i = 0, start + len(macro)
    while i < len(source):
        if source[i] == '"':
            j = source.index('"', i + 1)
            i = j + 1
            continue
        if source[i] == "(":
            depth += 1
        elif source[i] == ")":
            depth -= 1
            if depth == 0:
                break
        i += 1
    literals = re.findall(r'"((?:[^"\\]|\\.)*)"', source[start:i])
    if macro == "MSGX_REFERENCE_PLUGIN":
        if len(literals) < 4:
            raise ValueError(f"{path}: MSGX_REFERENCE_PLUGIN needs a name, a version, a type and a key element")
        return literals[0], [f"{literals[2]}-{styp}" for styp in REFERENCE_STYPS]
    if len(literals) < 3:
        raise ValueError(f"{path}: MSGX_HANDLER_PLUGIN needs a name, a version and at least one key")
    return literals[0], literals[2:]


def scan_handlers(handlers_dir, problems):
    """{key: (plugin, folder, case count)} of every handlers/<family>/<name>/ with a CMakeLists.txt."""
    served = {}
    for family in sorted(os.listdir(handlers_dir)):
        family_dir = os.path.join(handlers_dir, family)
        if not os.path.isdir(family_dir):
            continue
        for name in sorted(os.listdir(family_dir)):
            folder = os.path.join(family_dir, name)
            if not os.path.isfile(os.path.join(folder, "CMakeLists.txt")):
                continue
            shown = f"handlers/{family}/{name}/"
            found = []
            for entry in sorted(os.listdir(folder)):
                if entry.endswith((".cpp", ".cc", ".cxx")):
                    try:
                        reg = registration(os.path.join(folder, entry))
                    except ValueError as e:
                        problems.append(str(e))
                        continue
                    if reg:
                        found.append(reg)
            if not found:
                problems.append(f"{shown}: no source with a MSGX_HANDLER_PLUGIN or MSGX_REFERENCE_PLUGIN line")
                continue
            if len(found) > 1:
                problems.append(f"{shown}: {len(found)} registration lines (one plugin per folder)")
            plugin, keys = found[0]
            cases = 0
            # golden-unignored/: the cases of a plugin whose key a default ignore rule skips (REGN).
            for golden in (os.path.join(folder, "golden"), os.path.join(folder, "golden-unignored")):
                if os.path.isdir(golden):
                    cases += sum(1 for c in os.listdir(golden) if os.path.isdir(os.path.join(golden, c)))
            for key in keys:
                if key in served:
                    problems.append(f"{key} is registered by {served[key][1]} and by {shown}")
                    continue
                served[key] = (plugin, shown, cases)
    return served


# --- docs/coverage.md ------------------------------------------------------------------------------


def split_row(line):
    cells = re.split(r"(?<!\\)\|", line.strip())
    return [c.strip() for c in cells[1:-1]]


def unquote(cell):
    return cell[1:-1] if len(cell) >= 2 and cell[0] == cell[-1] == "`" else cell


def read_doc(path, writing=False):
    """(text before BEGIN, text after END, {key: (line number, cells)}, duplicates, summary line).
    Without the markers, --write appends the table to the page."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    if BEGIN not in lines and END not in lines and writing:
        return "\n".join(lines).rstrip("\n") + "\n", "", {}, [], None
    try:
        begin = lines.index(BEGIN)
        end = lines.index(END)
    except ValueError:
        raise SystemExit(f"check-coverage: {path}: the markers {BEGIN!r} and {END!r} are missing")
    rows, duplicates, summary = {}, [], None
    for number in range(begin + 1, end):
        line = lines[number]
        if line.startswith("Served:"):
            summary = line
        if not line.startswith("| `"):
            continue
        cells = split_row(line)
        key = unquote(cells[0]) if cells else ""
        if key in rows:
            duplicates.append((number + 1, key))
        rows[key] = (number + 1, cells)
    return "\n".join(lines[:begin]), "\n".join(lines[end + 1:]), rows, duplicates, summary


def served_cells(key, served):
    if key in served:
        plugin, folder, cases = served[key]
        return [f"`{plugin}`", f"`{folder}`", str(cases)]
    return [NOT_SERVED, NONE, NONE]


def summary_line(served):
    total = len(SPEC_KEYS)
    parts = []
    for _, title, keys in GROUPS:
        parts.append(f"{sum(1 for k in keys if k in served)} of {len(keys)} {title.split(':')[0]}")
    count = sum(1 for k in SPEC_KEYS if k in served)
    return f"Served: {count} of {total} routing keys ({', '.join(parts)})."


def render(rows, served):
    out = [BEGIN, "", summary_line(served), ""]
    for _, title, keys in GROUPS:
        out += [f"### {title}", "", HEADER, RULE]
        for key in keys:
            kept = rows.get(key, (0, []))[1]
            section = kept[3] if len(kept) > 3 and kept[3] else default_section(key)
            notes = kept[5] if len(kept) > 5 else ""
            plugin, folder, cases = served_cells(key, served)
            cells = [f"`{key}`", plugin, folder, section, cases, notes]
            out.append("| " + " | ".join(cells) + " |")
        out.append("")
    out.append(END)
    return "\n".join(out)


def served_part(cells):
    """The plugin, folder and golden-case cells of a row (key, plugin, folder, section, cases, notes)."""
    return [cells[1], cells[2], cells[4]]


def check(rows, duplicates, summary, served, doc_name):
    problems = []
    for line, key in duplicates:
        problems.append(f"{doc_name}:{line}: row {key} appears twice")
    for key in SPEC_KEYS:
        if key not in rows:
            by = f"served by {served[key][1]}" if key in served else "a routing key of the specs"
            problems.append(f"{doc_name}: no row for {key} ({by})")
    for key, (line, cells) in rows.items():
        where = f"{doc_name}:{line}: row {key}"
        if len(cells) != 6:
            problems.append(f"{where}: {len(cells)} cells, expected 6 ({HEADER})")
            continue
        if key not in SPEC_KEYS:
            problems.append(f"{where}: not a routing key of the specs"
                            + (f" (registered by {served[key][1]})" if key in served else ""))
            continue
        plugin, folder, cases = served_part(cells)
        want_plugin, want_folder, want_cases = served_cells(key, served)
        if key in served and plugin == NOT_SERVED:
            problems.append(f"{where}: says \"not served\", but {served[key][1]} ({served[key][0]}) serves it")
        elif key not in served and plugin != NOT_SERVED:
            problems.append(f"{where}: names the plugin {plugin}, but no plugin in handlers/ registers {key}")
        else:
            if plugin != want_plugin:
                problems.append(f"{where}: plugin {plugin}, but {want_folder} registers it as {want_plugin}")
            if folder != want_folder:
                problems.append(f"{where}: folder {folder}, but {want_plugin} is in {want_folder}")
            if cases != want_cases:
                problems.append(f"{where}: golden cases {cases}, but "
                                + (f"{served[key][1]}golden/ has {want_cases}" if key in served
                                   else f"an unserved key has {NONE}"))
        if not cells[3]:
            problems.append(f"{where}: the spec section is empty")
    for key in served:
        if key not in SPEC_KEYS:
            problems.append(f"{served[key][1]} registers {key}, which is not a routing key of the specs "
                            "(check-coverage.py SPEC_KEYS)")
    want_summary = summary_line(served)
    if summary != want_summary:
        problems.append(f"{doc_name}: summary is {summary!r}, expected {want_summary!r}")
    return problems


# --- docs/spec cross-check -------------------------------------------------------------------------


def table_codes(path, heading, pattern):
    """The first-column codes of the tables in the section of `path` that starts at `heading`."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    start = text.find(heading)
    if start < 0:
        return None
    section = text[start + len(heading):]
    stop = re.search(r"\n## ", section)
    section = section[:stop.start()] if stop else section
    lines = section.split("\n")
    codes = []
    for number, line in enumerate(lines):
        is_header = number + 1 < len(lines) and lines[number + 1].startswith("|---")
        match = re.match(r"\| `?(" + pattern + r")`? \|", line)
        if match and not is_header:
            codes.append(match.group(1))
    return codes


def check_spec(spec_dir):
    problems = []
    flop = table_codes(os.path.join(spec_dir, "flop.md"), "## 1. Overview", "[A-Z]{4}")
    reference = table_codes(os.path.join(spec_dir, "reference.md"), "## 0. Summary", "[A-Z]{4}")
    for name, listed, known in (("flop.md §1", flop, FLOP_STYPS), ("reference.md §0", reference, REFERENCE_TYPES)):
        if listed is None:
            problems.append(f"{name}: section not found")
            continue
        for code in sorted(set(listed) - set(known)):
            problems.append(f"{name} lists {code}, which check-coverage.py does not know")
        for code in sorted(set(known) - set(listed)):
            problems.append(f"check-coverage.py knows {code}, which {name} does not list")
    return problems


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--write", action="store_true", help="regenerate the served columns and the summary")
    parser.add_argument("--handlers", default=os.path.join(root, "handlers"), help="the handlers/ folder")
    parser.add_argument("--doc", default=os.path.join(root, "docs", "coverage.md"), help="the coverage page")
    parser.add_argument("--spec", default=os.path.join(root, "docs", "spec"),
                        help="the spec pages to cross-check the key lists with")
    args = parser.parse_args()

    problems = []
    served = scan_handlers(args.handlers, problems)
    if os.path.isdir(args.spec):
        problems += check_spec(args.spec)
    else:
        problems.append(f"{args.spec} not found: the key lists cannot be cross-checked with the spec pages")

    doc_name = os.path.relpath(args.doc, root) if args.doc.startswith(root) else args.doc
    if args.write:
        before, after, rows, _, _ = read_doc(args.doc, writing=True) if os.path.exists(args.doc) else ("", "", {}, [], None)
        text = (before + "\n" if before else "") + render(rows, served) + ("\n" + after if after else "\n")
        with open(args.doc, "w", encoding="utf-8") as f:
            f.write(text)
        print(f"check-coverage: wrote {doc_name}: {summary_line(served)}")
    else:
        _, _, rows, duplicates, summary = read_doc(args.doc)
        problems += check(rows, duplicates, summary, served, doc_name)

    for problem in problems:
        print(f"check-coverage: {problem}", file=sys.stderr)
    if problems:
        print(f"check-coverage: {len(problems)} problem(s); tests/coverage/check-coverage.py --write "
              "regenerates the served columns", file=sys.stderr)
        return 1
    if not args.write:
        print(f"check-coverage: {doc_name} matches handlers/: {summary_line(served)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
