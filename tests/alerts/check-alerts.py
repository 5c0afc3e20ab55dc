#!/usr/bin/env python3
"""Checks the alert rules against their runbook, and optionally their promtool unit tests.

  check-alerts.py --rules etc/prometheus/msgx-alerts.yml --runbook docs/runbook.md
  check-alerts.py --rules etc/prometheus/msgx-alerts.yml --tests tests/alerts/msgx-alerts.test.yml

--runbook: every rule has labels.severity page|ticket and the annotations summary, description (with
a {{ $labels.* }} or {{ $value }}) and runbook_url "<BASE>#<rule name in lower case>"; that anchor
is a heading of the runbook (GitHub's anchor of "## MsgxDeadMessage" is "msgxdeadmessage"); the
section has **What it means.**, **Look at.**, **Do.**, **Never.** and says the rule's severity;
every "## Msgx…" section of the runbook belongs to a rule; and every link "](#anchor)" of the
runbook leads to one of its headings.

--tests: every rule has a case in which it fires (exp_alerts not empty, each alert with the rule's
severity and a summary) and one in which it stays silent (exp_alerts empty).

Prints one line per problem and exits 1 when there is any; python3 with python3-yaml.
"""

import argparse
import re
import sys

import yaml

BASE = "https://github.com/msgexchange/msgx/blob/main/docs/runbook.md"
SEVERITIES = {"page", "ticket"}
SECTION_PARTS = ("**What it means.**", "**Look at.**", "**Do.**", "**Never.**")


def github_anchor(heading, seen):
    """GitHub's anchor of a Markdown heading: lower case, punctuation dropped, spaces to hyphens,
    -1, -2, ... for repeats."""
    slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
    n = seen.get(slug, 0)
    seen[slug] = n + 1
    return slug if n == 0 else f"{slug}-{n}"


def runbook_sections(path):
    """{anchor: (heading text, section text)} of every heading outside code fences."""
    sections, seen = {}, {}
    current, lines, in_fence = None, [], False
    with open(path, encoding="utf-8") as f:
        text = f.read().splitlines()
    for line in text + ["## <end>"]:
        if line.lstrip().startswith("```"):
            in_fence = not in_fence
        m = None if in_fence else re.match(r"^(#{1,6})\s+(.*?)\s*#*\s*$", line)
        if m:
            if current:
                sections[current[0]] = (current[1], current[2], "\n".join(lines))
            heading = m.group(2)
            current = (github_anchor(heading, seen), heading, len(m.group(1)))
            lines = []
        else:
            lines.append(line)
    return sections


def load_rules(path, problems):
    with open(path, encoding="utf-8") as f:
        doc = yaml.safe_load(f)
    groups = doc.get("groups") or []
    if [g.get("name") for g in groups] != ["msgx"]:
        problems.append(f"{path}: expected exactly one group 'msgx', got {[g.get('name') for g in groups]}")
    rules = [r for g in groups for r in g.get("rules") or []]
    alerts = {}
    for r in rules:
        name = r.get("alert")
        if not name:
            problems.append(f"{path}: a rule without 'alert' (recording rules do not belong here): {r}")
            continue
        if name in alerts:
            problems.append(f"{path}: {name} defined twice")
        alerts[name] = r
    return alerts


def check_runbook(alerts, runbook, problems):
    sections = runbook_sections(runbook)
    for name, rule in alerts.items():
        labels = rule.get("labels") or {}
        annotations = rule.get("annotations") or {}
        severity = labels.get("severity")
        if severity not in SEVERITIES:
            problems.append(f"{name}: labels.severity is {severity!r}, expected page or ticket")
        for key in ("summary", "description", "runbook_url"):
            if not annotations.get(key):
                problems.append(f"{name}: no annotation {key}")
        description = annotations.get("description", "")
        if "$labels." not in description and "$value" not in description:
            problems.append(f"{name}: the description uses neither {{{{ $labels.* }}}} nor {{{{ $value }}}}")
        url = annotations.get("runbook_url", "")
        expected = f"{BASE}#{name.lower()}"
        if url != expected:
            problems.append(f"{name}: runbook_url is {url!r}, expected {expected!r}")
        anchor = url.partition("#")[2]
        if anchor not in sections:
            problems.append(f"{name}: anchor #{anchor} is not a heading of {runbook}")
            continue
        heading, level, text = sections[anchor]
        if level != 2:
            problems.append(f"{name}: #{anchor} is a level-{level} heading, expected '## {name}'")
        for part in SECTION_PARTS:
            if part not in text:
                problems.append(f"{name}: the runbook section #{anchor} has no {part}")
        if severity in SEVERITIES and f"Severity **{severity}**" not in text:
            problems.append(f"{name}: the runbook section #{anchor} does not say 'Severity **{severity}**'")
    names = {n.lower() for n in alerts}
    for anchor, (heading, level, _) in sections.items():
        if level == 2 and heading.startswith("Msgx") and anchor not in names:
            problems.append(f"{runbook}: section '## {heading}' belongs to no rule")
    with open(runbook, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            for link in re.findall(r"\]\(#([^)\s]+)\)", line):
                if link not in sections:
                    problems.append(f"{runbook}:{number}: link to #{link}, which is no heading")


def check_tests(alerts, tests_path, problems):
    with open(tests_path, encoding="utf-8") as f:
        doc = yaml.safe_load(f)
    fires, silent = {}, set()
    for test in doc.get("tests") or []:
        for case in test.get("alert_rule_test") or []:
            name = case.get("alertname")
            if name not in alerts:
                problems.append(f"{tests_path}: a case for {name!r}, which is no rule")
                continue
            expected = case.get("exp_alerts") or []
            if not expected:
                silent.add(name)
                continue
            fires[name] = True
            severity = (alerts[name].get("labels") or {}).get("severity")
            for alert in expected:
                got = (alert.get("exp_labels") or {}).get("severity")
                if got != severity:
                    problems.append(f"{tests_path}: {name} at {case.get('eval_time')}: "
                                    f"exp_labels.severity {got!r}, the rule says {severity!r}")
                if not (alert.get("exp_annotations") or {}).get("summary"):
                    problems.append(f"{tests_path}: {name} at {case.get('eval_time')}: no exp_annotations.summary")
    for name in alerts:
        if name not in fires:
            problems.append(f"{tests_path}: no case in which {name} fires")
        if name not in silent:
            problems.append(f"{tests_path}: no case in which {name} stays silent")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", required=True)
    parser.add_argument("--runbook")
    parser.add_argument("--tests")
    args = parser.parse_args()
    if not args.runbook and not args.tests:
        parser.error("give --runbook, --tests or both")
    problems = []
    alerts = load_rules(args.rules, problems)
    if not alerts:
        problems.append(f"{args.rules}: no alert rules")
    if args.runbook:
        check_runbook(alerts, args.runbook, problems)
    if args.tests:
        check_tests(alerts, args.tests, problems)
    for p in problems:
        print(p)
    if problems:
        print(f"{len(problems)} problem(s)")
        return 1
    what = " and ".join(x for x in (args.runbook and f"runbook {args.runbook}", args.tests and f"tests {args.tests}") if x)
    print(f"checked {len(alerts)} alert rules against {what}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
